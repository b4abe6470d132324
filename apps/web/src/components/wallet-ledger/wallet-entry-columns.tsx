import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { WalletEntry, WalletEntryKind } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../lib/can-context';
import { formatDateTime } from '../../lib/formatters';
import type { DataTableColumn } from '../data-table/data-table';
import { useReasonText } from '../coded-reason/use-reason-text';
import { OrderNumberLink } from '../order-number-link';
import { receiptAmount } from '../receipt/receipt-parts';
import { useWalletLedgerStrings } from './i18n';

// The columns of a wallet ledger table, shared by a customer's details (their own entries) and
// /customer/wallet (every customer's, with a customer column). Amounts are signed sen: a spend
// shows as "-12.00", a top-up as "+50.00".

const kindColours: Record<WalletEntryKind, NonNullable<ChipProps['color']>> = {
  topup: 'success',
  spend: 'default',
  refund: 'info',
  adjustment: 'warning',
  reward: 'secondary',
  expiry: 'error',
};

/** A signed amount in ringgit, "+" for money in (the column header says RM). */
export const signedAmount = (sen: number) => `${sen > 0 ? '+' : ''}${receiptAmount(sen)}`;

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export function WalletKindLabel({ kind }: { kind: WalletEntryKind }) {
  const { t } = useWalletLedgerStrings();
  return <Chip size="small" color={kindColours[kind]} label={t(`kind.${kind}`)} data-kind={kind} />;
}

/**
 * The ledger's columns; `withCustomer` adds whose wallet each entry is (lists across customers),
 * `sortable` lets the date and the amount sort it (the list across customers sorts by both).
 */
export function useWalletEntryColumns({
  withCustomer = false,
  sortable = false,
}: { withCustomer?: boolean; sortable?: boolean } = {}): DataTableColumn<WalletEntry>[] {
  const { t } = useWalletLedgerStrings();
  const can = useCan();
  const reasonText = useReasonText();
  const mayOpenCustomer = can('read', 'customer');
  const by = (e: WalletEntry) =>
    e.actor_kind === 'staff' ? e.actor_name : t(`actor.${e.actor_kind}`);
  const customer: DataTableColumn<WalletEntry> = {
    id: 'customer',
    header: t('column.customer'),
    cell: (e) =>
      mayOpenCustomer ? (
        <Link
          component={RouterLink}
          to={`/customer/details/${e.customer_id}`}
          underline="hover"
          aria-label={t('openCustomer', { name: e.customer_name ?? '' })}
        >
          {e.customer_name}
        </Link>
      ) : (
        e.customer_name
      ),
  };
  return [
    {
      id: 'created',
      header: t('column.when'),
      sortable,
      // Squeezed, the time goes under the date.
      cell: (e) => formatDateTime(e.created_at),
    },
    ...(withCustomer ? [customer] : []),
    { id: 'kind', header: t('column.kind'), cell: (e) => <WalletKindLabel kind={e.kind} /> },
    {
      id: 'amount',
      header: t('column.amount'),
      sortable,
      align: 'right',
      cell: (e) => (
        <Box
          component="span"
          sx={{ ...numeric, color: e.amount < 0 ? 'error.main' : 'success.main' }}
          data-testid="wallet-entry-amount"
        >
          {signedAmount(e.amount)}
        </Box>
      ),
    },
    {
      id: 'balance_after',
      header: t('column.balanceAfter'),
      align: 'right',
      cell: (e) => (
        <Box component="span" sx={numeric}>
          {receiptAmount(e.balance_after)}
        </Box>
      ),
    },
    {
      id: 'order',
      header: t('column.order'),
      cell: (e) => (
        <OrderNumberLink
          id={e.order_id}
          number={e.order_no}
          date={e.order_date}
          label={t('openOrder', { number: e.order_no ?? '' })}
        />
      ),
    },
    { id: 'reason', header: t('column.reason'), cell: (e) => reasonText(e) ?? '—' },
    { id: 'by', header: t('column.by'), cell: by },
  ];
}
