import { orderVia } from './orders';
import { type PaymentMethod, paymentMethods } from './pricing';

// The reasons the server writes on the moves it makes itself (a counter sale, a day close, an app
// order placed, paid or cancelled). The history keeps them as written, in English; the screens
// show them in their own language through systemOrderReason. Reasons staff or customers type are
// free text and are shown as written.

/** Reasons the orders module writes (the sale and the day close use these constants). */
export const orderSystemReasons = {
  paidAtCounter: 'Paid at the counter',
  paidAtCounterOutsideHours: 'Paid at the counter outside opening hours',
  dayClosed: 'Day closed',
  unpaidAtDayClose: 'Not paid by the day close',
} as const;

/** What the customer app and online payments write (mobile-orders and payments modules). */
const placedInApp = `Placed in the app (${orderVia('mobile-apps')})`;
const cancelledByCustomer = 'Cancelled by customer';
const paidOnline = /^Paid online: RM (\d+)\.(\d{2}) \(([a-z_]+)\)$/;

export type SystemOrderReason =
  | { key: keyof typeof orderSystemReasons | 'placedInApp' }
  | { key: 'cancelledByCustomer'; note: string | null }
  | { key: 'paidOnline'; amount: number; method: PaymentMethod | string };

/** The system reason `reason` is, or null for one a person wrote. */
export function systemOrderReason(reason: string): SystemOrderReason | null {
  for (const [key, text] of Object.entries(orderSystemReasons)) {
    if (reason === text) return { key: key as keyof typeof orderSystemReasons };
  }
  if (reason === placedInApp) return { key: 'placedInApp' };
  if (reason === cancelledByCustomer) return { key: 'cancelledByCustomer', note: null };
  if (reason.startsWith(`${cancelledByCustomer}: `)) {
    return { key: 'cancelledByCustomer', note: reason.slice(cancelledByCustomer.length + 2) };
  }
  const paid = paidOnline.exec(reason);
  if (paid) {
    const method = paid[3]!;
    return {
      key: 'paidOnline',
      amount: Number(paid[1]) * 100 + Number(paid[2]),
      method: (paymentMethods as readonly string[]).includes(method)
        ? (method as PaymentMethod)
        : method,
    };
  }
  return null;
}
