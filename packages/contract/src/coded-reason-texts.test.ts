import { describe, expect, it } from 'vitest';
import { codedReasonText, reasonText, reasonTexts } from './coded-reason-texts';
import { type CodedReason, codedReasonOf, reasonCodes } from './coded-reasons';

// Every code the server writes, in both languages, as a reader sees it: money as "RM 1,234.50",
// days as YYYY/MM/DD, roles and payment methods by name.

const cases: [CodedReason, string, string][] = [
  [{ code: 'order', params: { order_no: 'KL01-0008' } }, 'Order KL01-0008', 'Pesanan KL01-0008'],
  [
    { code: 'refund', params: { refund_no: 'RF-JB01-000004' } },
    'Refund RF-JB01-000004',
    'Bayaran balik RF-JB01-000004',
  ],
  [
    { code: 'referral_reward', params: { role: 'referrer' } },
    'Referral reward (referrer)',
    'Ganjaran rujukan (perujuk)',
  ],
  [
    { code: 'referral_reward_reversed', params: { role: 'referee' } },
    'Referral reward reversed (referee)',
    'Ganjaran rujukan ditarik balik (yang dirujuk)',
  ],
  [
    { code: 'reward_exchange', params: { name_en: 'Free Kopi', name_my: 'Kopi percuma' } },
    'Reward: Free Kopi',
    'Ganjaran: Kopi percuma',
  ],
  [
    { code: 'reward_exchange', params: { name_en: 'Free Kopi', name_my: null } },
    'Reward: Free Kopi',
    'Ganjaran: Free Kopi',
  ],
  [
    { code: 'points_expired', params: { before: '2025-06-10' } },
    'Points earned before 2025/06/10 expired',
    'Mata ganjaran yang diperoleh sebelum 2025/06/10 telah luput',
  ],
  [
    { code: 'counter_topup', params: { receipt_no: 'KL01-T0003' } },
    'Counter top-up KL01-T0003',
    'Tambah nilai kaunter KL01-T0003',
  ],
  [
    { code: 'points_redeemed', params: { points: 1200 } },
    '1,200 points redeemed',
    '1,200 mata ganjaran ditebus',
  ],
  [
    { code: 'points_redeemed', params: { points: 1 } },
    '1 point redeemed',
    '1 mata ganjaran ditebus',
  ],
  [
    { code: 'redeemed_for_wallet_credit', params: {} },
    'Redeemed for wallet credit',
    'Ditebus untuk kredit dompet',
  ],
  [{ code: 'paid_at_counter', params: {} }, 'Paid at the counter', 'Dibayar di kaunter'],
  [
    { code: 'paid_at_counter_outside_hours', params: {} },
    'Paid at the counter outside opening hours',
    'Dibayar di kaunter di luar waktu operasi',
  ],
  [{ code: 'day_closed', params: {} }, 'Day closed', 'Hari ditutup'],
  [
    { code: 'unpaid_at_day_close', params: {} },
    'Not paid by the day close',
    'Tidak dibayar sebelum hari ditutup',
  ],
  [{ code: 'placed_in_app', params: {} }, 'Placed in the app', 'Dibuat dalam aplikasi'],
  [
    { code: 'cancelled_by_customer', params: { note: null } },
    'Cancelled by the customer',
    'Dibatalkan oleh pelanggan',
  ],
  [
    { code: 'cancelled_by_customer', params: { note: 'ordered twice' } },
    'Cancelled by the customer: ordered twice',
    'Dibatalkan oleh pelanggan: ordered twice',
  ],
  [
    { code: 'paid_online', params: { amount: 123450, method: 'fpx' } },
    'Paid online: RM 1,234.50 (FPX online banking)',
    'Dibayar dalam talian: RM 1,234.50 (Perbankan dalam talian FPX)',
  ],
  [
    { code: 'paid_online', params: { amount: 90, method: 'some_new_wallet' } },
    'Paid online: RM 0.90 (some_new_wallet)',
    'Dibayar dalam talian: RM 0.90 (some_new_wallet)',
  ],
  [{ code: 'order_rejected', params: { note: null } }, 'Rejected', 'Ditolak'],
  [
    { code: 'order_rejected', params: { note: 'Out of milk' } },
    'Rejected: Out of milk',
    'Ditolak: Out of milk',
  ],
  [
    { code: 'refunded_in_full', params: { refund_no: 'RF-KL01-000002' } },
    'Refunded in full (RF-KL01-000002)',
    'Dibayar balik sepenuhnya (RF-KL01-000002)',
  ],
  [
    { code: 'paid_back_by_provider', params: {} },
    'Paid back through the payment provider',
    'Dibayar balik melalui penyedia pembayaran',
  ],
  [
    { code: 'given_back_to_wallet', params: {} },
    "Given back to the customer's wallet",
    'Dikembalikan ke dompet pelanggan',
  ],
];

describe('coded reasons in words', () => {
  it.each(cases)('%j', (reason, en, my) => {
    expect(codedReasonText(reason, 'en')).toBe(en);
    expect(codedReasonText(reason, 'my')).toBe(my);
  });

  it('covers every code, and every code has a text in both languages', () => {
    expect(new Set(cases.map(([r]) => r.code))).toEqual(new Set(reasonCodes));
    for (const code of reasonCodes) {
      expect(reasonTexts[code].en).not.toBe('');
      expect(reasonTexts[code].my).not.toBe(reasonTexts[code].en);
    }
  });

  it('shows free text as typed, and a code whose parameters do not fit as the text it has', () => {
    const row = (reason: string | null, code: string | null, params: unknown) => ({
      reason,
      reason_code: code,
      reason_params: params,
    });
    expect(reasonText(row('Goodwill credit', null, null), 'my')).toBe('Goodwill credit');
    expect(reasonText(row(null, null, null), 'en')).toBeNull();
    expect(reasonText(row(null, 'order', { order_no: 'KL01-0008' }), 'my')).toBe(
      'Pesanan KL01-0008',
    );
    expect(codedReasonOf(row(null, 'order', { refund_no: 'x' }))).toBeNull();
    expect(codedReasonOf(row(null, 'no_such_code', {}))).toBeNull();
    expect(reasonText(row('kept', 'points_expired', { before: 'soon' }), 'en')).toBe('kept');
  });
});
