import type { PosContext } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePosStrings } from '../i18n';
import type { OutletSaleState } from '../outlet-state';
import type { usePaymentFlow } from '../use-payment-flow';
import { PaymentDialog } from './payment-dialog';
import { ReceiptDialog } from './receipt-dialog';

/** The dialogs of a sale, driven by usePaymentFlow: payment, outside-hours question, receipt. */
export function SaleDialogs({
  flow,
  saleState,
  context,
  onNewSale,
}: {
  flow: ReturnType<typeof usePaymentFlow>;
  saleState: OutletSaleState | null;
  context: PosContext | undefined;
  /** The receipt is closed: the counter is ready for the next customer. */
  onNewSale: () => void;
}) {
  const { t } = usePosStrings();
  const { parts, sale } = flow;
  const outlet = context?.outlet.name ?? '';
  return (
    <>
      <PaymentDialog
        open={flow.payOpen}
        view={parts.view}
        parts={parts.parts}
        entry={parts.entry}
        onEntryChange={parts.setEntry}
        onAddPart={parts.addPart}
        onRemovePart={parts.removePart}
        onWalletChecked={sale.resetStatus}
        status={sale.status}
        outsideHours={flow.allowOutside}
        onConfirm={flow.confirm}
        onClose={flow.closePayment}
      />
      {sale.approvalDialog}
      <ReceiptDialog
        order={sale.order}
        onNewSale={() => {
          sale.closeReceipt();
          onNewSale();
        }}
      />
      <ConfirmDialog
        open={flow.askingOutside}
        title={t('outside.title')}
        message={
          <>
            {saleState === 'lastOrders'
              ? t('outside.lastOrders', { outlet })
              : t('outside.closed', { outlet })}{' '}
            {t('outside.message')}
          </>
        }
        confirmLabel={t('outside.confirm')}
        confirmColor="warning"
        onConfirm={flow.confirmOutside}
        onClose={flow.cancelOutside}
      />
    </>
  );
}
