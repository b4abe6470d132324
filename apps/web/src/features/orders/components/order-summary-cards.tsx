import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@kopi/contract';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../../lib/formatters';
import { useOrderStrings } from '../i18n';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

function MoneyRow({
  label,
  sen,
  strong,
  testId,
}: {
  label: string;
  sen: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.5,
        fontWeight: strong ? 700 : 400,
        fontSize: strong ? '1.05rem' : undefined,
      }}
    >
      <span>{label}</span>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(sen)}
      </Box>
    </Box>
  );
}

/** Where, how and for whom the order was taken. */
export function OrderFactsCard({ order }: { order: Order }) {
  const { t } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  const customer = [order.customer_name, order.customer_phone].filter(Boolean).join(' · ');
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5}>
          <Fact label={t('details.outlet')}>{order.outlet_name}</Fact>
          <Fact label={t('details.via')}>{t(`via.${order.via}`)}</Fact>
          <Fact label={t('details.serving')}>
            {tr(`serving.${order.serving_method}`)}
            {order.table_no ? ` · ${t('details.table', { table: order.table_no })}` : ''}
          </Fact>
          <Fact label={t('details.businessDate')}>{formatBusinessDate(order.business_date)}</Fact>
          <Fact label={t('details.created')}>{formatDateTime(order.created_at)}</Fact>
          {customer && <Fact label={t('details.customer')}>{customer}</Fact>}
          {order.delivery_address && (
            <Fact label={t('details.deliveryAddress')}>{order.delivery_address}</Fact>
          )}
          {order.staff_name && <Fact label={t('details.staff')}>{order.staff_name}</Fact>}
          {order.notes && <Fact label={t('details.notes')}>{order.notes}</Fact>}
          {order.manual_discount && (
            <Fact label={t('details.manualDiscount')}>
              <span data-testid="order-manual-discount">
                {t('details.manualDiscountText', {
                  amount: formatMoney(order.manual_discount.amount),
                  reason: t(`details.discountReasons.${order.manual_discount.reason}`),
                  name: order.manual_discount.by_name ?? '—',
                })}
                {order.manual_discount.note ? ` — ${order.manual_discount.note}` : ''}
              </span>
            </Fact>
          )}
          {order.outside_hours && (
            <Alert severity="info" sx={{ py: 0 }}>
              {t('details.outsideHours')}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The money of the order, charge by charge; a charge that is zero is left out. */
export function OrderBreakdownCard({ order }: { order: Order }) {
  const { t } = useOrderStrings();
  const optional = (label: string, sen: number, testId?: string) =>
    sen !== 0 && <MoneyRow label={label} sen={sen} testId={testId} />;
  return (
    <Card>
      <CardHeader title={t('details.breakdown')} />
      <CardContent data-testid="order-breakdown" sx={{ pt: 0 }}>
        <MoneyRow label={t('details.subtotal')} sen={order.subtotal} />
        {optional(t('details.discount'), -order.discount)}
        {optional(t('details.serviceCharge'), order.service_charge)}
        {optional(t('details.sst'), order.service_tax)}
        {optional(t('details.deliveryFee'), order.delivery_fee)}
        {optional(t('details.rounding'), order.rounding, 'order-rounding')}
        <Divider sx={{ my: 1 }} />
        <MoneyRow label={t('details.total')} sen={order.total} strong testId="order-total" />
        <MoneyRow label={t('details.paid')} sen={order.paid} />
        <MoneyRow label={t('details.change')} sen={order.change} testId="order-change" />
        {optional(t('details.refunded'), order.refunded)}
        {order.refund_due !== 0 && (
          <MoneyRow
            label={t('details.refundDue')}
            sen={order.refund_due}
            strong
            testId="order-refund-due"
          />
        )}
      </CardContent>
    </Card>
  );
}
