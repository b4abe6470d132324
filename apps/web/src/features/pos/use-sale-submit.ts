import { useRef, useState } from 'react';
import {
  orderCreateSchema,
  type Order,
  type OrderCreate,
  type ServingMethod,
} from '@kopi/contract';
import { formatMoney } from '../../lib/formatters';
import { HttpError } from '../../lib/http/http-client';
import { translateValidation } from '../../lib/i18n/i18n';
import { postSale } from './api';
import type { Cart, CartAction } from './cart';
import type { SendStatus } from './components/payment-dialog';
import { usePosStrings } from './i18n';
import { issueSubject, saleBody, type PaymentView } from './payment';
import {
  isTransient,
  refusedLineIndexes,
  retryDelaysMs,
  SaleUnconfirmedError,
  submitSale,
} from './submit-sale';
import { useSaleApproval } from './use-sale-approval';
import type { useVoucher } from './use-voucher';
import { isVoucherRefusal } from './voucher';

type PosT = ReturnType<typeof usePosStrings>['t'];

/** Refusals of the wallet payment a new code from the customer may put right. */
const walletRefusals: ReadonlySet<string> = new Set([
  'insufficient_wallet_balance',
  'payment_code_expired',
  'payment_code_invalid',
  'customer_blocked',
  'wallet_payment_needs_code',
]);

/** The schema's issues with a sale body, each said about the line, payment or field it names. */
function localRefusals(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  cart: Cart,
  body: OrderCreate,
  t: PosT,
): string[] {
  const fieldLabels = {
    table_no: t('cart.tableNo'),
    delivery_address: t('cart.address'),
    customer_phone: t('cart.phone'),
    customer_name: t('cart.customerName'),
  };
  const messages = issues.map((i) => {
    const message = translateValidation(i.message) ?? i.message;
    const subject = issueSubject(
      i.path,
      { lines: cart.lines, payments: body.payments },
      { field: (f) => fieldLabels[f], method: (m) => t(`payment.methods.${m}`) },
    );
    return subject ? t('payment.refusedLine', { name: subject, message }) : message;
  });
  return [...new Set(messages)];
}

/**
 * Sends the cart as a sale with its payments and says how it went. A sale without an answer keeps
 * its key so that Retry replays it; a refusal drops the key and marks the lines it names.
 */
export function useSaleSubmit({
  outletId,
  cart,
  serving,
  view,
  voucher,
  saleKey,
  dropSaleKey,
  hasPendingSale,
  dispatch,
  refreshPos,
  onRecorded,
  onOutletClosed,
  onRefusedLines,
  onWalletRefused,
}: {
  outletId: string | null;
  cart: Cart;
  serving: ServingMethod | null;
  view: PaymentView | null;
  /** The sale's voucher: sent only when its check of this cart applies. */
  voucher: Pick<ReturnType<typeof useVoucher>, 'sendCode' | 'blocking' | 'refusedAtPayment'>;
  saleKey: () => string;
  dropSaleKey: () => void;
  /** A sale of this cart went unanswered and waits for Retry under its key. */
  hasPendingSale: boolean;
  dispatch: (action: CartAction) => void;
  refreshPos: (outletId: string) => Promise<unknown>;
  /** The sale is recorded (its receipt shows) and the cart is cleared. */
  onRecorded: () => void;
  /** The server says the outlet is closed: the cashier may confirm a sale outside hours. */
  onOutletClosed: () => void;
  onRefusedLines: (keys: string[]) => void;
  /** The wallet's payment code was refused: the cashier asks the customer for a new one. */
  onWalletRefused: () => void;
}) {
  const { t } = usePosStrings();
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle' });
  const [order, setOrder] = useState<Order | null>(null);
  const sending = useRef(false);
  const approval = useSaleApproval({ saleKey, dropSaleKey, hasPendingSale });

  const attempt = async (sale: OrderCreate, key: string) => {
    setStatus({ kind: 'sending' });
    try {
      return await submitSale(sale, key, {
        post: postSale,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        onRetry: (n) =>
          setStatus({ kind: 'retrying', attempt: n, total: retryDelaysMs.length + 1 }),
      });
    } catch (error) {
      // What the failure means is said below, or by the PIN dialog for a refused PIN.
      setStatus({ kind: 'idle' });
      throw error;
    }
  };

  const send = async (outside: boolean) => {
    if (!view?.canConfirm || !outletId || !serving || voucher.blocking || sending.current) return;
    const body = saleBody(
      outletId,
      { ...cart, serving_method: serving },
      view.payments,
      outside,
      view.walletCustomerId,
      voucher.sendCode,
    );
    const checked = orderCreateSchema.safeParse(body);
    if (!checked.success) {
      setStatus({ kind: 'refused', messages: localRefusals(checked.error.issues, cart, body, t) });
      return;
    }
    sending.current = true;
    try {
      const outcome = await approval.sendSale(
        body,
        t('discount.approvalSummary', { amount: formatMoney(view.totals.manual_discount) }),
        attempt,
      );
      // A cancelled PIN leaves the cart, the payments and the key as they were.
      if (outcome.kind === 'cancelled') return;
      if (outcome.kind === 'recorded') {
        setOrder(outcome.order);
        dispatch({ type: 'clear' });
        setStatus({ kind: 'idle' });
        onRecorded();
        void refreshPos(outletId);
        return;
      }
      refused(outcome.error, outletId);
    } finally {
      sending.current = false;
    }
  };

  /** The sale failed: unanswered (kept for Retry) or refused (the next try is a new request). */
  const refused = (error: unknown, outletId: string) => {
    // No answer: the key stays, so Retry replays the sale instead of repeating it. A 401 is
    // the same: the client is taking the cashier to sign in with the cart and the key saved.
    if (
      error instanceof SaleUnconfirmedError ||
      !(error instanceof HttpError) ||
      error.status === 401 ||
      isTransient(error)
    ) {
      setStatus({ kind: 'unconfirmed' });
      return;
    }
    // The server answered: nothing was recorded under this key, so the next try is a new request.
    dropSaleKey();
    const code = error.codeMessage;
    if (code === 'outlet_closed') {
      setStatus({ kind: 'idle' });
      onOutletClosed();
      return;
    }
    if (code === 'order_already_exists' || code === 'idempotency_key_reused') {
      setStatus({ kind: 'refused', messages: [t('payment.alreadyRecorded')] });
      return;
    }
    // The voucher no longer applies (used up meanwhile, expired, …): the cart stays, the
    // voucher line says why, and the totals drop its discount for the next try.
    if (isVoucherRefusal(code)) {
      setStatus({ kind: 'refused', messages: [error.message] });
      voucher.refusedAtPayment(code);
      return;
    }
    if (code && walletRefusals.has(code)) {
      setStatus({ kind: 'refused', messages: [error.message] });
      onWalletRefused();
      return;
    }
    const indexes = refusedLineIndexes(error);
    const lines = indexes.map((i) => cart.lines[i]).filter((l) => l !== undefined);
    onRefusedLines(lines.map((l) => l.key));
    setStatus({
      kind: 'refused',
      messages:
        lines.length > 0
          ? lines.map((l) => t('payment.refusedLine', { name: l.name, message: error.message }))
          : [error.message],
    });
    // Sold out, availability, hours or a closed day changed: read them again.
    void refreshPos(outletId);
  };

  return {
    status,
    send,
    /** A payment dialog opening: an unanswered sale keeps saying so, anything else starts over. */
    resetStatus: () => {
      if (status.kind !== 'unconfirmed') setStatus({ kind: 'idle' });
    },
    /** The manager's PIN dialog for a discount its seller may not give alone. */
    approvalDialog: approval.dialog,
    /** The sale just recorded, whose receipt is showing. */
    order,
    closeReceipt: () => setOrder(null),
  };
}
