import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { SalesReport } from '@kopi/contract';
import { useReportStrings } from '../i18n';
import type { ReportView } from '../report-params';
import type { ReportColumn, ReportRow } from './report-column-header';
import { useReportColumns } from './report-columns';

// The table of a view. Cells carry `data-col` with the export's column name (and rows `data-key`
// with the row's key), so what is shown can be checked against the CSV/XLSX row by row. The sales
// views show every column of the export's sales figures, so each row adds up on screen; a table
// wider than the screen (a tablet, a phone) scrolls sideways inside its card with its first
// column (the day, outlet, source or serving method) held in view. Below 1920 px the parts of two
// sums give way on screen (net sales, gross less discounts; service charge and SST, whose sum is
// "tax and charges"), so at 1440 px the comparison with the previous period is in view without
// scrolling and each row still adds up; print and the files keep them. A row with rows under it (a
// voucher's campaigns) opens them with a button in its first cell; they read the same columns.

/** The columns that are parts of another column's sum (see above). */
const partColumns = ['net_sales', 'service_charge', 'service_tax'];

/** Below 1920 px on screen: the parts hidden, headings wrapped, half the gap between columns. */
const fitsWide = (theme: Theme) => ({
  [`@media screen and (max-width: ${theme.breakpoints.values.xl - 0.05}px)`]: {
    [partColumns.map((c) => `& [data-col="${c}"]`).join(', ')]: { display: 'none' },
    '& th, & td': { px: 1 },
  },
  '& th': { whiteSpace: 'normal' },
});

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
  const { shown, showTotal, subRowsOf } = useReportColumns(report, labelOf);
  const rows = report.rows as ReportRow[];
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
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
    <TableContainer tabIndex={0} role="region" aria-label={tableLabel} sx={fitsWide}>
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
                <Typography color="text.secondary">
                  {t(report.group_by === 'voucher' ? 'page.emptyVouchers' : 'page.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, i) => {
              const under = subRowsOf?.(row) ?? [];
              const isOpen = open.has(row.key);
              const name = labelOf(row);
              return (
                <Fragment key={row.key}>
                  <TableRow hover data-testid="report-row" data-key={row.key}>
                    {shown.map((c, j) => (
                      <TableCell key={c.id} {...cellProps(c)}>
                        {j === 0 && under.length > 0 ? (
                          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                            <IconButton
                              size="small"
                              className="kopi-no-print"
                              onClick={() => toggle(row.key)}
                              aria-expanded={isOpen}
                              aria-label={t(isOpen ? 'table.hideCampaigns' : 'table.showCampaigns', {
                                name,
                              })}
                              data-testid="report-row-toggle"
                              sx={{ ml: -1, mr: 0.5 }}
                            >
                              {isOpen ? (
                                <ExpandMore fontSize="small" />
                              ) : (
                                <ChevronRight fontSize="small" />
                              )}
                            </IconButton>
                            {c.cell(row, i)}
                          </Box>
                        ) : (
                          c.cell(row, i)
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                  {isOpen &&
                    under.map((sub) => (
                      <TableRow
                        key={sub.key}
                        data-testid="report-sub-row"
                        data-parent={row.key}
                        data-key={sub.key}
                      >
                        {shown.map((c, j) => (
                          <TableCell key={c.id} {...cellProps(c)}>
                            {j === 0 ? (
                              <Typography variant="body2" color="text.secondary" sx={{ pl: 4 }}>
                                {sub.label}
                              </Typography>
                            ) : (
                              c.cell(sub.row, i)
                            )}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                </Fragment>
              );
            })
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
