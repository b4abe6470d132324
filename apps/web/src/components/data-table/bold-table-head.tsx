import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { priorityProps, type ColumnPriority } from './fit-table';

/**
 * A header cell's words, or its words with a right alignment (a number's column) and a priority
 * (`low`: the column gives way on a tablet; see `fitTable`).
 */
export type HeadCell = string | { label: string; align?: 'right'; priority?: ColumnPriority };

export const headLabel = (cell: HeadCell) => (typeof cell === 'string' ? cell : cell.label);

/**
 * The header of a table built by hand rather than with DataTable: one row of bold cells. `lead`
 * puts an empty checkbox-wide cell first (a drag handle's column), `trail` an empty one last (the
 * row buttons').
 */
export function BoldTableHead({
  cells,
  lead,
  trail,
}: {
  cells: readonly HeadCell[];
  lead?: boolean;
  trail?: boolean;
}) {
  return (
    <TableHead>
      <TableRow>
        {lead && <TableCell padding="checkbox" />}
        {cells.map((cell, i) =>
          typeof cell === 'string' ? (
            <TableCell key={i} sx={{ fontWeight: 600 }}>
              {cell}
            </TableCell>
          ) : (
            <TableCell
              key={i}
              sx={{ fontWeight: 600 }}
              align={cell.align}
              {...priorityProps(cell.priority)}
            >
              {cell.label}
            </TableCell>
          ),
        )}
        {trail && <TableCell />}
      </TableRow>
    </TableHead>
  );
}
