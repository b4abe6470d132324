import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../lib/can-context';
import { noWrap } from './data-table/fit-table';

/**
 * An order's number as a link to its details, for whoever may read orders; the number alone for
 * others or without an id, and "—" with no order. `label` is the link's accessible name
 * ("Open order KL01-0008") where the number alone would be terse.
 */
export function OrderNumberLink({
  id,
  number,
  label,
}: {
  id: string | null;
  number: string | null;
  label?: string;
}) {
  const can = useCan();
  if (!number) return '—';
  // A number never breaks at its hyphen ("KL01-" above "0008").
  if (!id || !can('read', 'order')) return <span style={noWrap}>{number}</span>;
  return (
    <Link
      component={RouterLink}
      to={`/order/details/${id}`}
      underline="hover"
      aria-label={label}
      sx={noWrap}
    >
      {number}
    </Link>
  );
}
