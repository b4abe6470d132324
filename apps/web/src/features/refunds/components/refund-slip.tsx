import type { Refund } from '@kopi/contract';
import { refundReasonLabels } from '@kopi/contract';
import { BusinessLines, OutletLines } from '../../../components/receipt/business-lines';
import { PrintSheet } from '../../../components/receipt/print-sheet';
import {
  PaperCentre,
  PaperLine,
  PaperRule,
  PaperText,
  receiptAmount,
} from '../../../components/receipt/receipt-parts';
import { formatDateTime } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { useRefundStrings } from '../i18n';
import { decidedBy } from '../refund-actions';

/**
 * The 80 mm slip of a refund: what was paid back, how and why, with a line for the customer's
 * signature. It prints alone while on screen (see PrintSheet), as the order receipt does.
 */
export function RefundSlip({ refund }: { refund: Refund }) {
  const { t, ts, language } = useRefundStrings();
  const nameOf = useLocalizedName();
  return (
    <PrintSheet label={t('slip.label', { number: refund.refund_no })} testId="refund-slip">
      <BusinessLines business={refund.business} />
      <OutletLines business={refund.business} name={refund.outlet_name} />
      <PaperRule />
      <PaperCentre strong>{t('slip.title')}</PaperCentre>
      <PaperRule />
      <PaperLine label={t('slip.refundNo')} value={refund.refund_no} />
      <PaperLine label={t('slip.orderNo')} value={refund.order_no} />
      <PaperLine
        label={t('slip.date')}
        value={formatDateTime(refund.completed_at ?? refund.created_at)}
      />
      <PaperLine
        label={t('slip.status')}
        value={ts(`recordStatus.${refund.status.replace(' ', '_') as 'WAITING_TRANSFER'}`)}
      />
      <PaperRule />
      {refund.items.map((item) => (
        <PaperLine
          key={item.order_item_id}
          label={`${item.quantity} × ${nameOf(item.name, item.name_my)}`}
          value={receiptAmount(item.amount)}
        />
      ))}
      {refund.items.length > 0 && <PaperRule />}
      <PaperLine label={t('slip.total')} value={`RM ${receiptAmount(refund.amount)}`} strong />
      <PaperLine label={t('slip.method')} value={t(`method.${refund.method}`)} />
      {refund.bank && <PaperText indent>{refund.bank.bank_name}</PaperText>}
      {refund.transfer_reference && (
        <PaperText indent>{t('slip.reference', { value: refund.transfer_reference })}</PaperText>
      )}
      <PaperLine label={t('slip.reason')} value={refundReasonLabels[refund.reason][language]} />
      {refund.reason_note && <PaperText indent>{refund.reason_note}</PaperText>}
      <PaperRule />
      {refund.requested_by && (
        <PaperLine label={t('slip.requestedBy')} value={refund.requested_by} />
      )}
      {refund.approved_by && (
        <PaperLine label={t(`slip.${decidedBy(refund)}`)} value={refund.approved_by} />
      )}
      <PaperText>&nbsp;</PaperText>
      <PaperText>&nbsp;</PaperText>
      <PaperRule />
      <PaperCentre>{t('slip.signature')}</PaperCentre>
    </PrintSheet>
  );
}
