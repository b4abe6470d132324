import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { fitTable } from '../../../components/data-table/fit-table';

/** A titled card holding a small table of the order (its items, its payments); rows stack on a phone. */
export function OrderTableCard({
  title,
  tableLabel,
  columns,
  empty,
  children,
}: {
  title: string;
  tableLabel: string;
  /** Header cells; amounts align right. */
  columns: { label: string; right?: boolean }[];
  /** Shown instead of the table when set (nothing to list). */
  empty?: string;
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} />
      {empty ? (
        <CardContent>
          <Typography color="text.secondary">{empty}</Typography>
        </CardContent>
      ) : (
        <TableContainer sx={fitTable(columns.map((c) => c.label))}>
          <Table aria-label={tableLabel} size="small">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.label} align={c.right ? 'right' : undefined}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
