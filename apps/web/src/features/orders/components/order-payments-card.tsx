import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Order } from '@kopi/contract';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { formatMoney } from '../../../lib/formatters';
import { useOrderStrings } from '../i18n';
import { OrderTableCard } from './order-table-card';

/** How the order was paid: each payment with its reference, cash tendered and change. */
export function OrderPaymentsCard({ order }: { order: Order }) {
  const { t } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  return (
    <OrderTableCard
      title={t('details.payments')}
      tableLabel={t('details.paymentsTable')}
      empty={order.payments.length === 0 ? t('details.noPayments') : undefined}
      columns={[
        { label: t('details.method') },
        { label: t('details.reference') },
        { label: t('details.amount'), right: true },
        { label: t('details.tendered'), right: true },
        { label: t('details.change'), right: true },
        { label: t('details.paymentStatus') },
      ]}
    >
      {order.payments.map((p) => (
        <TableRow key={p.id} data-testid="order-payment">
          <TableCell>{tr(`payment.${p.method}`)}</TableCell>
          <TableCell>{p.reference ?? ''}</TableCell>
          <TableCell align="right">{formatMoney(p.amount)}</TableCell>
          <TableCell align="right">{p.tendered !== null ? formatMoney(p.tendered) : ''}</TableCell>
          <TableCell align="right">{p.change ? formatMoney(p.change) : ''}</TableCell>
          <TableCell>
            {p.status === 'paid' ? t('details.paymentPaid') : t('details.paymentRefunded')}
          </TableCell>
        </TableRow>
      ))}
    </OrderTableCard>
  );
}
