import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fitTable } from '../../../components/data-table/fit-table';

// The tables of the usage views: a few hundred rows at most (a year of days, the newest
// redemptions, the running campaigns), all at once. On a phone each row (and the totals) is a
// stack of "header: value" lines; cells carry `data-col` so tests read a column by name.

export interface UsageColumn<T> {
  id: string;
  header: string;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

export function UsageTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  footer,
  testId,
}: {
  label: string;
  columns: UsageColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty: string;
  /** Cells of a totals row, by column id. */
  footer?: Record<string, ReactNode>;
  testId: string;
}) {
  const align = (c: UsageColumn<T>) => (c.numeric ? ('right' as const) : ('left' as const));
  const numericSx = (c: UsageColumn<T>) =>
    c.numeric ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } : undefined;
  if (rows.length === 0) {
    return (
      <Typography
        color="text.secondary"
        sx={{ py: 4, textAlign: 'center' }}
        data-testid={`${testId}-empty`}
      >
        {empty}
      </Typography>
    );
  }
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={fitTable(columns.map((c) => c.header))}
    >
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} align={align(c)} sx={{ fontWeight: 600 }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.id} align={align(c)} data-col={c.id} sx={numericSx(c)}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {footer && (
          <TableFooter>
            <TableRow data-key="total">
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={align(c)}
                  data-col={c.id}
                  sx={{ ...numericSx(c), fontWeight: 600, color: 'text.primary' }}
                >
                  {footer[c.id] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
