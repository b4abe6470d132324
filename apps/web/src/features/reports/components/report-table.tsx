import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SalesReport } from '@kopi/contract';
import { useReportStrings } from '../i18n';
import type { ReportView } from '../report-params';
import type { ReportColumn, ReportRow } from './report-column-header';
import { useReportColumns } from './report-columns';

// The table of a view. Cells carry `data-col` with the export's column name (and rows `data-key`
// with the row's key), so what is shown can be checked against the CSV/XLSX row by row. The sales
// views show every column of the export's sales figures, so each row adds up on screen; a table
// wider than the screen (a tablet, a phone) scrolls sideways inside its card with its first
// column (the day, outlet, source or serving method) held in view.

const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} as const;

export function ReportTable({
  report,
  view,
  labelOf,
}: {
  report: SalesReport;
  view: ReportView;
  labelOf: (row: ReportRow) => string;
}) {
  const { t } = useReportStrings();
  const { shown, showTotal } = useReportColumns(report, labelOf);
  const rows = report.rows as ReportRow[];
  // Every cell of a column: aligned, named for the export, amounts kept on one line.
  const cellProps = (c: ReportColumn<ReportRow>) => ({
    align: c.numeric ? ('right' as const) : ('left' as const),
    'data-col': c.id,
    sx: {
      whiteSpace: c.numeric ? 'nowrap' : undefined,
      fontVariantNumeric: c.numeric ? 'tabular-nums' : undefined,
      // The row's name stays in view while the figures scroll under it.
      ...(c.id === shown[0]?.id ? stickyFirst : {}),
    },
  });

  const tableLabel = t('table.label', { view: t(`views.${view}`) });
  return (
    // A table wider than the screen scrolls; the keyboard can reach and scroll it too.
    <TableContainer tabIndex={0} role="region" aria-label={tableLabel}>
      <Table
        size="small"
        aria-label={tableLabel}
        data-testid="report-table"
        data-group-by={report.group_by}
      >
        <TableHead>
          <TableRow>
            {shown.map((c) => (
              <TableCell key={c.id} {...cellProps(c)} sx={{ ...cellProps(c).sx, fontWeight: 600 }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell
                colSpan={shown.length}
                align="center"
                sx={{ py: 4 }}
                data-testid="report-empty"
              >
                <Typography color="text.secondary">{t('page.empty')}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, i) => (
              <TableRow key={row.key} hover data-testid="report-row" data-key={row.key}>
                {shown.map((c) => (
                  <TableCell key={c.id} {...cellProps(c)}>
                    {c.cell(row, i)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
          {showTotal && rows.length > 0 && (
            <TableRow
              data-testid="report-total-row"
              sx={{ '& td': { fontWeight: 700, borderTop: 2, borderColor: 'divider' } }}
            >
              {shown.map((c, i) => (
                <TableCell key={c.id} {...cellProps(c)}>
                  {i === 0 ? t('table.total') : (c.total ?? '')}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
