import type { CustomerDetails, CustomerSummary } from '@kopi/contract';

// Test data shaped like GET /api/customers and GET /api/customers/{id}: a Gold member of the
// customer app with a wallet, and a counter-only walk-in who is blocked.

export const aishahId = '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
export const danId = '6c2f3d4e-5a6b-4c7d-9e8f-0a1b2c3d4e5f';
export const goldTierId = '7d3a4e5f-6b7c-4d8e-8f9a-1b2c3d4e5f6a';

const gold = { id: goldTierId, name_en: 'Gold', name_my: 'Emas', colour: '#C9A227' };

export function sampleSummary(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id: aishahId,
    name: 'Nur Aishah',
    phone: '+60123456789',
    email: 'aishah@example.my',
    status: 'active',
    tier: gold,
    points: 1250,
    wallet_balance: 4550,
    orders: 12,
    last_order_at: '2026-03-14T02:30:00.000Z',
    app_account: true,
    anonymised: false,
    created_at: '2025-11-02T04:00:00.000Z',
    ...overrides,
  };
}

export const walkIn = (): CustomerSummary =>
  sampleSummary({
    id: danId,
    name: 'Dan Lim',
    phone: '+60198887777',
    email: null,
    status: 'disabled',
    tier: null,
    points: 0,
    wallet_balance: 0,
    orders: 1,
    last_order_at: null,
    app_account: false,
  });

export function sampleCustomer(overrides: Partial<CustomerDetails> = {}): CustomerDetails {
  return {
    ...sampleSummary(),
    birthday: '1994-07-21',
    referral_code: 'AISHAH26',
    referred_by: { id: danId, name: 'Dan Lim' },
    phone_verified: true,
    total_spend: 38500,
    next_tier: {
      name_en: 'Platinum',
      name_my: 'Platinum',
      remaining: 750,
      threshold: 2000,
      basis: 'points',
    },
    ...overrides,
  };
}
