import TableCell from '@mui/material/TableCell';
import { formatMoney } from '../../lib/formatters';
import { noWrap } from './fit-table';

/** An amount in a table built by hand: in ringgit, right-aligned and kept on one line. */
export function MoneyCell({ sen }: { sen: number }) {
  return (
    <TableCell align="right" sx={noWrap}>
      {formatMoney(sen)}
    </TableCell>
  );
}
