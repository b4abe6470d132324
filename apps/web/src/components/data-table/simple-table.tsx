import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import { BoldTableHead, type HeadCell } from './bold-table-head';
import { fitTable } from './fit-table';

/**
 * A table built by hand (no paging, no sort) that fits its screen as a DataTable does: its rows
 * are "header: value" lines on a phone, its low-priority columns give way on a tablet. The body's
 * cells need nothing of their own: their names and priorities come from `cells` by position
 * (`lead` and `trail` are the empty first and last columns of BoldTableHead).
 */
export function SimpleTable({
  cells,
  lead,
  trail,
  containerSx,
  children,
  ...tableProps
}: {
  cells: readonly HeadCell[];
  lead?: boolean;
  trail?: boolean;
  /** The container's own look (a border), beside the fitting. */
  containerSx?: SxProps<Theme>;
  /** The body's rows. */
  children: ReactNode;
} & Omit<TableProps, 'children'> & { 'data-testid'?: string }) {
  const columns = [...(lead ? [''] : []), ...cells, ...(trail ? [''] : [])];
  return (
    <TableContainer
      sx={[fitTable(columns), ...(Array.isArray(containerSx) ? containerSx : [containerSx])]}
    >
      <Table {...tableProps}>
        <BoldTableHead cells={cells} lead={lead} trail={trail} />
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
