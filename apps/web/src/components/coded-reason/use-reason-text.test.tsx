import type { ReasonCode } from '@kopi/contract';
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n/i18n';
import { useReasonText } from './use-reason-text';

// The ledgers' and histories' reasons on a Malay screen: each code the server writes, in
// Malaysian Malay, money as "RM 1,234.50" and days as YYYY/MM/DD; what staff typed as typed.

const row = (code: ReasonCode, params: Record<string, unknown>) => ({
  reason: null,
  reason_code: code,
  reason_params: params,
});

const malay: [ReturnType<typeof row>, string][] = [
  [row('order', { order_no: 'KL01-0008' }), 'Pesanan KL01-0008'],
  [row('refund', { refund_no: 'RF-JB01-000004' }), 'Bayaran balik RF-JB01-000004'],
  [row('referral_reward', { role: 'referrer' }), 'Ganjaran rujukan (perujuk)'],
  [row('referral_reward', { role: 'referee' }), 'Ganjaran rujukan (yang dirujuk)'],
  [
    row('referral_reward_reversed', { role: 'referrer' }),
    'Ganjaran rujukan ditarik balik (perujuk)',
  ],
  [
    row('reward_exchange', { name_en: 'Free Kopi', name_my: 'Kopi percuma' }),
    'Ganjaran: Kopi percuma',
  ],
  [row('reward_exchange', { name_en: 'Free Kopi', name_my: null }), 'Ganjaran: Free Kopi'],
  [
    row('points_expired', { before: '2025-06-10' }),
    'Mata ganjaran yang diperoleh sebelum 2025/06/10 telah luput',
  ],
  [row('counter_topup', { receipt_no: 'KL01-T0003' }), 'Tambah nilai kaunter KL01-T0003'],
  [row('points_redeemed', { points: 1500 }), '1,500 mata ganjaran ditebus'],
  [row('redeemed_for_wallet_credit', {}), 'Ditebus untuk kredit dompet'],
  [row('paid_at_counter', {}), 'Dibayar di kaunter'],
  [row('paid_at_counter_outside_hours', {}), 'Dibayar di kaunter di luar waktu operasi'],
  [row('day_closed', {}), 'Hari ditutup'],
  [row('unpaid_at_day_close', {}), 'Tidak dibayar sebelum hari ditutup'],
  [row('placed_in_app', {}), 'Dibuat dalam aplikasi'],
  [row('cancelled_by_customer', { note: null }), 'Dibatalkan oleh pelanggan'],
  [
    row('cancelled_by_customer', { note: 'ordered twice' }),
    'Dibatalkan oleh pelanggan: ordered twice',
  ],
  [
    row('paid_online', { amount: 123450, method: 'tng' }),
    "Dibayar dalam talian: RM 1,234.50 (Touch 'n Go eWallet)",
  ],
  [row('order_rejected', { note: 'Out of milk' }), 'Ditolak: Out of milk'],
  [row('order_rejected', { note: null }), 'Ditolak'],
  [
    row('refunded_in_full', { refund_no: 'RF-KL01-000002' }),
    'Dibayar balik sepenuhnya (RF-KL01-000002)',
  ],
  [row('paid_back_by_provider', {}), 'Dibayar balik melalui penyedia pembayaran'],
  [row('given_back_to_wallet', {}), 'Dikembalikan ke dompet pelanggan'],
];

beforeAll(async () => {
  await ensureLanguage('my');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('useReasonText', () => {
  it.each(malay)('says %j in Malay', async (reason, text) => {
    await act(() => i18n.changeLanguage('my'));
    const { result } = renderHook(() => useReasonText());
    expect(result.current(reason)).toBe(text);
  });

  it('says them in English on an English screen, and follows a change of language', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { result, rerender } = renderHook(() => useReasonText());
    const refund = row('refund', { refund_no: 'RF-JB01-000004' });
    expect(result.current(refund)).toBe('Refund RF-JB01-000004');
    expect(result.current(row('paid_online', { amount: 90, method: 'fpx' }))).toBe(
      'Paid online: RM 0.90 (FPX online banking)',
    );
    await act(() => i18n.changeLanguage('my'));
    rerender();
    expect(result.current(refund)).toBe('Bayaran balik RF-JB01-000004');
  });

  it('shows what a person typed as typed, and nothing for no reason', async () => {
    await act(() => i18n.changeLanguage('my'));
    const { result } = renderHook(() => useReasonText());
    const typed = { reason: 'Goodwill: drink remade', reason_code: null, reason_params: null };
    expect(result.current(typed)).toBe('Goodwill: drink remade');
    expect(result.current({ reason: null, reason_code: null, reason_params: null })).toBeNull();
  });
});
