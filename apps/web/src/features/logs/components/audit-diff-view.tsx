import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { type AuditChange, auditReferenceKeys } from '@kopi/contract';
import { useAuditLabels } from '../../../lib/audit-labels';
import { diffRows, formatValue, type DiffKind } from '../diff-rows';
import { useLogStrings } from '../i18n';
import { SimpleTable } from '../../../components/data-table/simple-table';

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

const referenceKeys = new Set<string>(auditReferenceKeys);
/** The last key of a path: `role_id` of `role_id`, `theme` of `settings.theme`. */
const leafOf = (path: string) => path.replace(/\[\]$/, '').split('.').pop() ?? path;

function Value({
  value,
  struck,
  name,
}: {
  value: unknown;
  struck?: boolean;
  /** The role's or outlet's name, when the value is its id; a code's words. */
  name?: string | undefined;
}) {
  const { t } = useLogStrings();
  const text = name ?? formatValue(value);
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
      title={name ? String(value) : undefined}
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
  names = {},
}: {
  changes: readonly AuditChange[];
  before: unknown;
  after: unknown;
  /** Names of the roles and outlets referred to, by id (the entry detail's `names`). */
  names?: Readonly<Record<string, string>>;
}) {
  const { t } = useLogStrings();
  const labels = useAuditLabels();
  // A role or outlet id reads as its name; one deleted since keeps its id.
  // A value written as a code reads as words; the code stays in the tooltip.
  const nameOf = (path: string, value: unknown) =>
    referenceKeys.has(leafOf(path)) && typeof value === 'string'
      ? names[value]
      : labels.value(path, value);
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
        <SimpleTable
          size="small"
          aria-label={t('diff.table')}
          cells={[t('diff.field'), t('diff.before'), t('diff.after')]}
          containerSx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {rows.map((row, i) => (
            <TableRow
              key={`${row.path}-${i}`}
              data-testid="audit-diff-row"
              data-kind={row.kind}
              sx={{ bgcolor: tint(row.kind) }}
            >
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Box
                  component="span"
                  title={row.path}
                  data-testid="audit-diff-field"
                  sx={{ fontWeight: row.kind === 'same' ? 400 : 600 }}
                >
                  {labels.field(row.path)}
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
                  <Value
                    value={row.before}
                    struck={row.kind !== 'same'}
                    name={nameOf(row.path, row.before)}
                  />
                )}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {row.kind === 'removed' ? (
                  <Typography variant="body2" color="text.secondary" component="span">
                    —
                  </Typography>
                ) : (
                  <Value value={row.after} name={nameOf(row.path, row.after)} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </Box>
  );
}
