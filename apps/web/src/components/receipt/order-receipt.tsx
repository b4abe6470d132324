import Box from '@mui/material/Box';
import { type Order, receiptTextFor } from '@kopi/contract';
import { formatDateTime } from '../../lib/formatters';
import { useLocalizedName } from '../../lib/localized-name';
import { BusinessLines, OutletLines } from './business-lines';
import { useReceiptStrings } from './i18n';
import { LoyaltyLines } from './loyalty-lines';
import { PrintSheet } from './print-sheet';
import { PaperCentre, PaperLine, PaperRule, PaperText, receiptAmount } from './receipt-parts';
import { ReceiptCode } from './receipt-code';

/** The business's own lines (header, footer), as typed: line breaks kept. */
function ReceiptText({ children, testId }: { children: string; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ whiteSpace: 'pre-line', mt: '1mm' }}>
      <PaperCentre>{children}</PaperCentre>
    </Box>
  );
}

const signed = (sen: number) => (sen > 0 ? `+${receiptAmount(sen)}` : receiptAmount(sen));

/**
 * The customer's 80 mm receipt of an order. Print it by calling `window.print()` (or
 * `printSheet()` from ./print-sheet) while it is on screen: only the receipt prints, 72 mm wide
 * on an 80 mm page as long as the receipt.
 */
export function OrderReceipt({ order }: { order: Order }) {
  const { t, language } = useReceiptStrings();
  // The names as sold, in Malay on a Malay screen (a reprint keeps them after a rename).
  const nameOf = useLocalizedName();
  const { receipt } = order;
  const voucher = order.voucher ?? null;
  // The business's lines in the staff's language, else in the other one (decision 069).
  const header = receiptTextFor(language, receipt.header, receipt.header_my);
  const footer = receiptTextFor(language, receipt.footer, receipt.footer_my);
  const charges: { key: string; label: string; sen: number }[] = [
    // The voucher's part of the discount has its own line above; the rest (manual) is this one.
    {
      key: 'discount',
      label: t('receipt.discount'),
      sen: -(order.discount - (voucher?.discount ?? 0)),
    },
    { key: 'service', label: t('receipt.serviceCharge'), sen: order.service_charge },
    { key: 'sst', label: t('receipt.sst'), sen: order.service_tax },
    { key: 'delivery', label: t('receipt.deliveryFee'), sen: order.delivery_fee },
  ];

  return (
    <PrintSheet label={t('receipt.label', { number: order.order_no })} testId="order-receipt">
      {receipt.logo_url && (
        // Decorative: the business's name follows in text.
        <Box
          component="img"
          src={receipt.logo_url}
          alt=""
          data-testid="receipt-logo"
          sx={{ display: 'block', mx: 'auto', mb: '1mm', maxWidth: '40mm', maxHeight: '20mm' }}
        />
      )}
      <BusinessLines business={receipt} />
      {header && <ReceiptText testId="receipt-header">{header}</ReceiptText>}
      <OutletLines business={receipt} name={order.outlet_name} />
      <PaperRule />
      <PaperCentre strong>{t('receipt.title')}</PaperCentre>
      <PaperLine label={t('receipt.orderNo')} value={order.order_no} />
      <PaperLine label={t('receipt.date')} value={formatDateTime(order.created_at)} />
      {order.staff_name && <PaperLine label={t('receipt.cashier')} value={order.staff_name} />}
      <PaperLine
        label={t('receipt.serving')}
        value={
          order.table_no
            ? `${t(`serving.${order.serving_method}`)} · ${t('receipt.table')} ${order.table_no}`
            : t(`serving.${order.serving_method}`)
        }
      />
      {(order.customer_name || order.customer_phone) && (
        <PaperLine
          label={t('receipt.customer')}
          value={[order.customer_name, order.customer_phone].filter(Boolean).join(' ')}
        />
      )}
      {order.delivery_address && (
        <PaperText>
          {t('receipt.deliverTo')}: {order.delivery_address}
        </PaperText>
      )}
      <PaperRule />
      <PaperLine label={t('receipt.item')} value={t('receipt.amount')} />
      <PaperRule />
      {order.items.map((item) => (
        <Box key={item.id} sx={{ mb: '1mm' }} data-testid="receipt-item">
          <PaperLine
            label={`${item.quantity} x ${nameOf(item.name, item.name_my)}`}
            value={receiptAmount(item.line_total)}
          />
          {item.quantity > 1 && (
            <PaperText indent>
              {t('receipt.each', {
                price: receiptAmount(
                  item.unit_price +
                    item.options.reduce((s, o) => s + o.price, 0) +
                    item.addons.reduce((s, a) => s + a.price, 0),
                ),
              })}
            </PaperText>
          )}
          {item.options.map((option, i) => (
            <PaperLine
              key={`${i}:${option.group}:${option.name}`}
              indent
              label={`${nameOf(option.group, option.group_my)}: ${nameOf(option.name, option.name_my)}`}
              value={option.price !== 0 ? signed(option.price) : undefined}
            />
          ))}
          {item.addons.map((addon, i) => (
            <PaperLine
              key={`${i}:${addon.name}`}
              indent
              label={`+ ${nameOf(addon.name, addon.name_my)}`}
              value={addon.price !== 0 ? signed(addon.price) : undefined}
            />
          ))}
          {item.notes && <PaperText indent>{t('receipt.note', { note: item.notes })}</PaperText>}
        </Box>
      ))}
      {order.notes && <PaperText>{t('receipt.orderNote', { note: order.notes })}</PaperText>}
      <PaperRule />
      <PaperLine label={t('receipt.subtotal')} value={receiptAmount(order.subtotal)} />
      {voucher && (
        <Box data-testid="receipt-voucher">
          <PaperLine
            label={t('receipt.voucher', { code: voucher.code })}
            value={receiptAmount(-voucher.discount)}
          />
          <PaperText indent>{nameOf(voucher.name_en, voucher.name_my)}</PaperText>
        </Box>
      )}
      {charges
        .filter((c) => c.sen !== 0)
        .map((c) => (
          <PaperLine key={c.key} label={c.label} value={receiptAmount(c.sen)} />
        ))}
      {order.rounding !== 0 && (
        <PaperLine
          label={t('receipt.rounding')}
          value={signed(order.rounding)}
          testId="receipt-rounding"
        />
      )}
      <PaperRule />
      <PaperLine
        label={t('receipt.total')}
        value={`RM ${receiptAmount(order.total)}`}
        strong
        testId="receipt-total"
      />
      <PaperRule />
      {order.payments.map((payment) => (
        <Box key={payment.id} data-testid="receipt-payment">
          <PaperLine label={t(`payment.${payment.method}`)} value={receiptAmount(payment.amount)} />
          {payment.reference && (
            <PaperText indent>{t('receipt.reference', { value: payment.reference })}</PaperText>
          )}
          {payment.tendered !== null && (
            <PaperLine
              indent
              label={t('receipt.tendered')}
              value={receiptAmount(payment.tendered)}
            />
          )}
        </Box>
      ))}
      <PaperLine
        label={t('receipt.change')}
        value={receiptAmount(order.change)}
        testId="receipt-change"
      />
      {order.refunded > 0 && (
        <PaperLine label={t('receipt.refunded')} value={receiptAmount(order.refunded)} />
      )}
      {order.loyalty && <LoyaltyLines loyalty={order.loyalty} />}
      {order.status === 'REJECTED' && (
        <>
          <PaperRule />
          <PaperCentre strong>{t('receipt.rejected')}</PaperCentre>
          {order.refund_due > 0 && (
            <PaperLine label={t('receipt.refundDue')} value={receiptAmount(order.refund_due)} />
          )}
        </>
      )}
      {order.outside_hours && <PaperCentre>{t('receipt.outsideHours')}</PaperCentre>}
      <PaperRule />
      <PaperCentre>{t('receipt.pricesNote')}</PaperCentre>
      {/* The business's own closing words replace the standard thanks. */}
      {footer ? (
        <ReceiptText testId="receipt-footer">{footer}</ReceiptText>
      ) : (
        <PaperCentre strong>{t('receipt.thanks')}</PaperCentre>
      )}
      {/* Scanned (or typed) at the POS to find this receipt for a refund. */}
      <ReceiptCode order={order} label={t('receipt.label', { number: order.order_no })} />
    </PrintSheet>
  );
}
