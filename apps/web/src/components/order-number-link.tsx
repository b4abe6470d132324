import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../lib/can-context';
import { formatBusinessDate } from '../lib/formatters';
import { noWrap } from './data-table/fit-table';

/**
 * An order's number as a link to its details, for whoever may read orders; the number alone for
 * others or without an id, and "—" with no order. `label` is the link's accessible name
 * ("Open order KL01-0008") where the number alone would be terse. `date`, the order's business
 * day, follows on a line of its own where a list mixes days: numbers start again each day.
 */
export function OrderNumberLink({
  id,
  number,
  label,
  date,
}: {
  id: string | null;
  number: string | null;
  label?: string;
  date?: string | null;
}) {
  const can = useCan();
  if (!number) return '—';
  // A number never breaks at its hyphen ("KL01-" above "0008").
  const day = date && (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {formatBusinessDate(date)}
    </Typography>
  );
  if (!id || !can('read', 'order'))
    return (
      <>
        <span style={noWrap}>{number}</span>
        {day}
      </>
    );
  return (
    <>
      <Link
        component={RouterLink}
        to={`/order/details/${id}`}
        underline="hover"
        aria-label={label}
        sx={noWrap}
      >
        {number}
      </Link>
      {day}
    </>
  );
}
