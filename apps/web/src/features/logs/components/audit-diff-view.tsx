import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { AuditChange } from '@kopi/contract';
import { diffRows, formatValue, type DiffKind } from '../diff-rows';
import { useLogStrings } from '../i18n';

const tint = (kind: DiffKind) => (theme: Theme) =>
  kind === 'same'
    ? undefined
    : alpha(
        kind === 'added'
          ? theme.palette.success.main
          : kind === 'removed'
            ? theme.palette.error.main
            : theme.palette.warning.main,
        0.12,
      );

function Value({ value, struck }: { value: unknown; struck?: boolean }) {
  const { t } = useLogStrings();
  const text = formatValue(value);
  if (text === '') {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('diff.empty')}
      </Typography>
    );
  }
  return (
    <Box
      component="span"
      sx={{
        fontFamily: 'monospace',
        fontSize: '0.8125rem',
        wordBreak: 'break-word',
        textDecoration: struck ? 'line-through' : undefined,
      }}
    >
      {text}
    </Box>
  );
}

/**
 * Before and after of an audit entry as a table (field, before, after): added, removed and
 * changed rows are tinted and named (colour is not the only cue); the unchanged fields can be
 * shown too.
 */
export function AuditDiffView({
  changes,
  before,
  after,
}: {
  changes: readonly AuditChange[];
  before: unknown;
  after: unknown;
}) {
  const { t } = useLogStrings();
  const [all, setAll] = useState(false);
  const rows = diffRows(changes, before, after, all);
  return (
    <Box data-testid="audit-diff">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {t('diff.title', { count: changes.length })}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={all} onChange={(e) => setAll(e.target.checked)} />}
          label={t('diff.showUnchanged')}
        />
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="audit-diff-none">
          {t('diff.none')}
        </Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('diff.table')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('diff.field')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('diff.before')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('diff.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow
                  key={`${row.path}-${i}`}
                  data-testid="audit-diff-row"
                  data-kind={row.kind}
                  sx={{ bgcolor: tint(row.kind) }}
                >
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <Box component="code" sx={{ fontWeight: row.kind === 'same' ? 400 : 600 }}>
                      {row.path}
                    </Box>
                    {row.kind !== 'same' && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {t(`diff.kind.${row.kind}`)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {row.kind === 'added' ? (
                      <Typography variant="body2" color="text.secondary" component="span">
                        —
                      </Typography>
                    ) : (
                      <Value value={row.before} struck={row.kind !== 'same'} />
                    )}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {row.kind === 'removed' ? (
                      <Typography variant="body2" color="text.secondary" component="span">
                        —
                      </Typography>
                    ) : (
                      <Value value={row.after} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
