import type { CounterTopup } from '@kopi/contract';
import { formatDateTime } from '../../lib/formatters';
import { useReceiptStrings } from './i18n';
import { LoyaltyLines } from './loyalty-lines';
import { PrintSheet } from './print-sheet';
import { PaperCentre, PaperLine, PaperRule, PaperText, receiptAmount } from './receipt-parts';

/**
 * The 80 mm receipt of a wallet top-up sold at the counter: stored value, not goods, so no items
 * and no tax; what was paid and how, then the wallet and points after it.
 */
export function TopupReceipt({
  topup,
  businessName,
}: {
  topup: CounterTopup;
  businessName: string;
}) {
  const { t } = useReceiptStrings();
  return (
    <PrintSheet label={t('topup.label', { number: topup.receipt_no })} testId="topup-receipt">
      <PaperCentre strong>{businessName}</PaperCentre>
      <PaperCentre>{topup.outlet_code}</PaperCentre>
      <PaperRule />
      <PaperCentre strong>{t('topup.title')}</PaperCentre>
      <PaperLine label={t('topup.number')} value={topup.receipt_no} />
      <PaperLine label={t('receipt.date')} value={formatDateTime(topup.created_at)} />
      <PaperLine label={t('receipt.cashier')} value={topup.by_name} />
      <PaperLine
        label={t('receipt.customer')}
        value={`${topup.customer.name} ${topup.customer.phone}`}
      />
      <PaperRule />
      <PaperLine
        label={t('topup.amount')}
        value={`RM ${receiptAmount(topup.amount)}`}
        strong
        testId="topup-receipt-amount"
      />
      <PaperLine label={t(`payment.${topup.method}`)} value={receiptAmount(topup.amount)} />
      {topup.reference && (
        <PaperText indent>{t('receipt.reference', { value: topup.reference })}</PaperText>
      )}
      {topup.tendered !== null && (
        <>
          <PaperLine indent label={t('receipt.tendered')} value={receiptAmount(topup.tendered)} />
          <PaperLine label={t('receipt.change')} value={receiptAmount(topup.change)} />
        </>
      )}
      <LoyaltyLines
        loyalty={{ points_balance: topup.points_balance, wallet_balance: topup.wallet_balance }}
      />
      <PaperRule />
      <PaperText>{t('topup.storedValue')}</PaperText>
      <PaperCentre strong>{t('receipt.thanks')}</PaperCentre>
    </PrintSheet>
  );
}
