import {
  type CodedReason,
  codedReasonOf,
  type ReasonCode,
  type ReferralRole,
} from './coded-reasons';
import type { Locale } from './locale-values';
import { paymentMethodLabels } from './method-labels';
import { formatRinggit } from './money';
import type { PaymentMethod } from './pricing';
import { formatMessage } from './validation-values';

// The words of the coded reasons in both languages, `{param}` where a value goes: the server's
// files read them through codedReasonText, the web registers the same texts with i18next. The
// values are put in the reader's form first: money as "RM 1,234.50", days as YYYY/MM/DD (SPEC §9),
// roles and payment methods by their names.

/** A code's text, and the variants some codes take (with a note, one point). */
export const reasonTexts = {
  order: { en: 'Order {order_no}', my: 'Pesanan {order_no}' },
  refund: { en: 'Refund {refund_no}', my: 'Bayaran balik {refund_no}' },
  referral_reward: { en: 'Referral reward ({role})', my: 'Ganjaran rujukan ({role})' },
  referral_reward_reversed: {
    en: 'Referral reward reversed ({role})',
    my: 'Ganjaran rujukan ditarik balik ({role})',
  },
  reward_exchange: { en: 'Reward: {name}', my: 'Ganjaran: {name}' },
  points_expired: {
    en: 'Points earned before {before} expired',
    my: 'Mata ganjaran yang diperoleh sebelum {before} telah luput',
  },
  counter_topup: { en: 'Counter top-up {receipt_no}', my: 'Tambah nilai kaunter {receipt_no}' },
  points_redeemed: { en: '{points} points redeemed', my: '{points} mata ganjaran ditebus' },
  one_point_redeemed: { en: '{points} point redeemed', my: '{points} mata ganjaran ditebus' },
  redeemed_for_wallet_credit: {
    en: 'Redeemed for wallet credit',
    my: 'Ditebus untuk kredit dompet',
  },
  paid_at_counter: { en: 'Paid at the counter', my: 'Dibayar di kaunter' },
  paid_at_counter_outside_hours: {
    en: 'Paid at the counter outside opening hours',
    my: 'Dibayar di kaunter di luar waktu operasi',
  },
  day_closed: { en: 'Day closed', my: 'Hari ditutup' },
  unpaid_at_day_close: {
    en: 'Not paid by the day close',
    my: 'Tidak dibayar sebelum hari ditutup',
  },
  placed_in_app: { en: 'Placed in the app', my: 'Dibuat dalam aplikasi' },
  cancelled_by_customer: { en: 'Cancelled by the customer', my: 'Dibatalkan oleh pelanggan' },
  cancelled_by_customer_note: {
    en: 'Cancelled by the customer: {note}',
    my: 'Dibatalkan oleh pelanggan: {note}',
  },
  paid_online: {
    en: 'Paid online: {amount} ({method})',
    my: 'Dibayar dalam talian: {amount} ({method})',
  },
  order_rejected: { en: 'Rejected', my: 'Ditolak' },
  order_rejected_note: { en: 'Rejected: {note}', my: 'Ditolak: {note}' },
  refunded_in_full: {
    en: 'Refunded in full ({refund_no})',
    my: 'Dibayar balik sepenuhnya ({refund_no})',
  },
  paid_back_by_provider: {
    en: 'Paid back through the payment provider',
    my: 'Dibayar balik melalui penyedia pembayaran',
  },
  given_back_to_wallet: {
    en: "Given back to the customer's wallet",
    my: 'Dikembalikan ke dompet pelanggan',
  },
} as const satisfies Record<ReasonCode, { en: string; my: string }> &
  Record<string, { en: string; my: string }>;

export type ReasonTextKey = keyof typeof reasonTexts;

export const referralRoleLabels: Record<Locale, Record<ReferralRole, string>> = {
  en: { referrer: 'referrer', referee: 'referee' },
  my: { referrer: 'perujuk', referee: 'yang dirujuk' },
};

/** Whole numbers with thousands separators, as both languages write them in Malaysia. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Which text says a coded reason in `locale`, and the values that go into it. */
export function reasonMessage(
  reason: CodedReason,
  locale: Locale,
): { key: ReasonTextKey; values: Record<string, string> } {
  switch (reason.code) {
    case 'referral_reward':
    case 'referral_reward_reversed':
      return { key: reason.code, values: { role: referralRoleLabels[locale][reason.params.role] } };
    case 'reward_exchange': {
      const { name_en, name_my } = reason.params;
      return {
        key: reason.code,
        values: { name: locale === 'my' && name_my ? name_my : name_en },
      };
    }
    case 'points_expired':
      return { key: reason.code, values: { before: reason.params.before.replace(/-/g, '/') } };
    case 'points_redeemed':
      return {
        key: reason.params.points === 1 ? 'one_point_redeemed' : 'points_redeemed',
        values: { points: grouped(reason.params.points) },
      };
    case 'paid_online': {
      const { amount, method } = reason.params;
      const labels: Record<string, string> = paymentMethodLabels[locale];
      return {
        key: reason.code,
        values: {
          amount: formatRinggit(amount),
          method: Object.hasOwn(labels, method) ? labels[method as PaymentMethod]! : method,
        },
      };
    }
    case 'cancelled_by_customer':
    case 'order_rejected':
      return reason.params.note
        ? { key: `${reason.code}_note`, values: { note: reason.params.note } }
        : { key: reason.code, values: {} };
    default:
      return {
        key: reason.code,
        values: Object.fromEntries(Object.entries(reason.params).map(([k, v]) => [k, String(v)])),
      };
  }
}

/** A coded reason in words, in `locale`. */
export function codedReasonText(reason: CodedReason, locale: Locale): string {
  const { key, values } = reasonMessage(reason, locale);
  return formatMessage(reasonTexts[key][locale], values);
}

/**
 * What a row's reason says in `locale`: its coded reason in words, else the free text as typed
 * (null for none). A code whose parameters do not fit shows the free text, if any.
 */
export function reasonText(
  row: { reason: string | null; reason_code: string | null; reason_params: unknown },
  locale: Locale,
): string | null {
  const coded = codedReasonOf(row);
  return coded ? codedReasonText(coded, locale) : row.reason;
}
