import type { NotifyOrder } from '@kopi/contract';
import { formatMoney } from './formatters';
import type { enShell } from './i18n/en-shell';

// A notification's title and body in the user's language: the server sends a key and params
// (title_key, params) besides an English title and body, which stay the fallback for a key this
// build does not know (an older web against a newer server).

type NotifyStrings = (typeof enShell)['notify'];
type Key = Exclude<keyof NotifyStrings, 'serving'>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

const servings = ['dine_in', 'pick_up', 'delivery'] as const;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const sen = (v: unknown) => (typeof v === 'number' ? formatMoney(v) : '');

/** A new order's line: where it came from (the key), how it is served, its table and total. */
function sale(key: 'orderPaid' | 'posSale', p: Record<string, unknown>, t: Translate) {
  const serving = (servings as readonly string[]).includes(str(p.serving_method))
    ? t(`notify.serving.${str(p.serving_method)}`)
    : str(p.serving_method);
  const values = { serving, total: sen(p.total), table: str(p.table_no) };
  return p.table_no ? t(`notify.${key}Table.body`, values) : t(`notify.${key}.body`, values);
}

/** A staff move's line: who moved it, and why when they said (a reject always does). */
function moved(key: Key, p: Record<string, unknown>, t: Translate) {
  const values = { by: str(p.by), reason: str(p.reason) };
  return p.reason ? t('notify.orderMovedReason.body', values) : t(`notify.${key}.body`, values);
}

/** A refund's step: how much, and who took it. */
function refund(key: Key, p: Record<string, unknown>, t: Translate) {
  return t(`notify.${key}.body`, { amount: sen(p.amount), by: str(p.by) });
}

/** Which body string to use and with what values; the title always uses `notify.<key>.title`. */
const bodies: Partial<Record<Key, (p: Record<string, unknown>, t: Translate) => string>> = {
  welcome: (_p, t) => t('notify.welcome.body'),
  outletOpen: (_p, t) => t('notify.outletOpen.body'),
  finishSetup: (_p, t) => t('notify.finishSetup.body'),
  orderPaid: (p, t) => sale('orderPaid', p, t),
  posSale: (p, t) => sale('posSale', p, t),
  orderAccepted: (p, t) => moved('orderAccepted', p, t),
  orderReady: (p, t) => moved('orderReady', p, t),
  orderRejected: (p, t) => moved('orderRejected', p, t),
  paidAfterCancel: (p, t) =>
    t('notify.paidAfterCancel.body', { amount: sen(p.amount), provider: str(p.provider) }),
  paidTwice: (p, t) =>
    t('notify.paidTwice.body', { amount: sen(p.amount), provider: str(p.provider) }),
  refundRequested: (p, t) => refund('refundRequested', p, t),
  refundApproved: (p, t) => refund('refundApproved', p, t),
  refundCompleted: (p, t) => refund('refundCompleted', p, t),
  refundPayoutFailed: (p, t) => refund('refundPayoutFailed', p, t),
  customerCancelled: (p, t) => {
    const values = { by: str(p.by), reason: str(p.reason), refund: sen(p.refund) };
    const refund = typeof p.refund === 'number' && p.refund > 0;
    if (p.reason && refund) return t('notify.customerCancelledReasonRefund.body', values);
    if (p.reason) return t('notify.customerCancelledReason.body', values);
    if (refund) return t('notify.customerCancelledRefund.body', values);
    return t('notify.customerCancelled.body', values);
  },
};

const isKey = (key: string | null): key is Key =>
  key !== null && Object.prototype.hasOwnProperty.call(bodies, key);

export function notificationText(
  item: Pick<NotifyOrder, 'title' | 'body' | 'title_key' | 'params'>,
  t: Translate,
): { title: string; body: string | null } {
  if (!isKey(item.title_key)) return { title: item.title, body: item.body };
  const params = item.params ?? {};
  const title = t(`notify.${item.title_key}.title`, {
    order_no: str(params.order_no),
    refund_no: str(params.refund_no),
    outlet: str(params.outlet),
  });
  return { title, body: bodies[item.title_key]!(params, t) };
}

/** The refund steps' keys: their notification opens the refund, not its order. */
const refundKeys: readonly string[] = [
  'refundRequested',
  'refundApproved',
  'refundCompleted',
  'refundPayoutFailed',
];

/**
 * Where a notification opens: a refund's step its refund (`refund_id`; a notification from before
 * it was sent finds the refund by its number in the list), anything else its order.
 */
export function notificationPath(
  item: Pick<NotifyOrder, 'id_order' | 'title_key' | 'params'>,
): string | null {
  if (item.title_key && refundKeys.includes(item.title_key)) {
    const id = str(item.params?.refund_id);
    if (id) return `/refund/details/${encodeURIComponent(id)}`;
    const number = str(item.params?.refund_no);
    if (number) return `/refund/list?q=${encodeURIComponent(number)}`;
  }
  return item.id_order ? `/order/details/${item.id_order}` : null;
}
