import type { WalletEntry } from '@kopi/contract';

/** A wallet entry as the ledgers answer it: a customer's RM 50 top-up in the app. */
export function sampleWalletEntry(overrides: Partial<WalletEntry> = {}): WalletEntry {
  return {
    id: 'we-1',
    customer_id: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    kind: 'topup',
    amount: 5000,
    balance_after: 5000,
    order_id: null,
    order_no: null,
    order_date: null,
    refund_id: null,
    reason: null,
    reason_code: null,
    reason_params: null,
    actor_kind: 'customer',
    actor_name: 'Nur Aishah',
    created_at: '2026-03-10T03:00:00.000Z',
    ...overrides,
  };
}
