import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { productImportColumns, type ImportResult } from '@kopi/contract';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useProductStrings } from '../i18n';

/** Errors ordered by spreadsheet row, then by the column order of the file format. */
export function sortedImportErrors(errors: ImportResult['errors']) {
  const order = (field: string) => {
    const i = (productImportColumns as readonly string[]).indexOf(field);
    return i < 0 ? productImportColumns.length : i;
  };
  return [...errors].sort((a, b) => a.row - b.row || order(a.field) - order(b.field));
}

/** The columns the preview shows: the format's columns found in the rows, then any others. */
export function previewColumns(rows: ImportResult['preview']): string[] {
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const known = productImportColumns.filter((c) => present.has(c));
  const extra = [...present].filter(
    (c) => !(productImportColumns as readonly string[]).includes(c),
  );
  return [...known, ...extra];
}

/** A titled, scrolling table of the import's answer (its errors, its preview). */
function ResultTable({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {hint}
      </Typography>
      <TableContainer
        sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}
        tabIndex={0}
        role="region"
        aria-label={title}
      >
        <Table size="small" stickyHeader aria-label={title}>
          {children}
        </Table>
      </TableContainer>
    </Box>
  );
}

/** The answer of an import check: a summary, every row error with its row number, a preview. */
export function ImportResultView({ result }: { result: ImportResult }) {
  const { t } = useProductStrings();
  const errors = sortedImportErrors(result.errors);
  const columns = previewColumns(result.preview);
  return (
    <Stack spacing={2.5} data-testid="import-result" data-valid={result.valid}>
      {result.valid ? (
        <Alert severity="success" data-testid="import-summary">
          {t('import.rows', { count: result.total_rows })} ·{' '}
          {t('import.valid', { created: result.created, updated: result.updated })}
        </Alert>
      ) : (
        <Alert severity="error" data-testid="import-summary">
          {t('import.rows', { count: result.total_rows })} ·{' '}
          {t('import.invalid', { count: errors.length })}
        </Alert>
      )}

      {errors.length > 0 && (
        <ResultTable title={t('import.errors')} hint={t('import.errorsHint')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 80 }}>{t('import.row')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 160 }}>{t('import.field')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('import.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((e, i) => (
              <TableRow key={`${e.row}-${e.field}-${i}`} data-testid="import-error">
                <TableCell data-testid="import-error-row">{e.row}</TableCell>
                <TableCell>
                  <Box component="code" sx={{ fontSize: '0.85em' }}>
                    {e.field}
                  </Box>
                </TableCell>
                <TableCell data-testid="import-error-message">
                  {translateValidation(e.message)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ResultTable>
      )}

      {result.preview.length > 0 && (
        <ResultTable
          title={t('import.preview')}
          hint={t('import.previewHint', { count: result.preview.length })}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>#</TableCell>
              {columns.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.preview.map((row, i) => (
              <TableRow key={i} data-testid="import-preview-row">
                <TableCell sx={{ color: 'text.secondary' }}>{i + 1}</TableCell>
                {columns.map((c) => (
                  <TableCell
                    key={c}
                    sx={{
                      maxWidth: 220,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {row[c] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </ResultTable>
      )}
    </Stack>
  );
}
