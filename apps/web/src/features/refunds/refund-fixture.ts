import type { Refund, Refundable } from '@kopi/contract';

// Test data shaped like GET /api/refunds/{id} and GET /api/orders/{id}/refundable: a partial
// refund of two items of a card order, waiting for approval.

export const refundOrderId = '7d0e4c1a-5b7e-4d8e-9a51-0b8c2f1e3a10';
export const latteId = '0b6d3a52-1c2e-4f7a-9b8c-1d2e3f4a5b6c';
export const croissantId = '1c7e4b63-2d3f-4a8b-8c9d-2e3f4a5b6c7d';

export function sampleRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 'f1a2b3c4-d5e6-4f70-8a9b-0c1d2e3f4a5b',
    refund_no: 'RF-KL01-000123',
    order_id: refundOrderId,
    order_no: 'KL01-0042',
    order_date: '2026-03-15',
    outlet_id: '2c6c1f7e-8a3b-4b8a-9d0e-1f2a3b4c5d6e',
    outlet_name: 'Kopi HQ Bukit Bintang',
    status: 'PENDING',
    kind: 'items',
    method: 'original',
    payment_method: 'card',
    amount: 1500,
    reason: 'quality_issue',
    requested_by: 'Siti Cashier',
    created_at: '2026-03-15T03:00:00.000Z',
    business_date: null,
    reason_note: 'Coffee was cold',
    provider_payout: null,
    items: [
      {
        order_item_id: latteId,
        name: 'Iced Latte',
        name_my: 'Latte Ais',
        quantity: 1,
        amount: 1000,
      },
      { order_item_id: croissantId, name: 'Croissant', name_my: null, quantity: 1, amount: 500 },
    ],
    approved_by: null,
    bank: null,
    transfer_reference: null,
    proof_url: null,
    completed_at: null,
    history: [
      {
        from: null,
        to: 'PENDING',
        at: '2026-03-15T03:00:00.000Z',
        by: 'Siti Cashier',
        reason: null,
        reason_code: null,
        reason_params: null,
      },
    ],
    allowed_statuses: ['APPROVED', 'REJECTED'],
    order: {
      total: 4000,
      paid: 4000,
      refunded: 1500,
      status: 'COMPLETED',
      business_date: '2026-03-15',
    },
    business: {
      business_name: 'Kopi HQ',
      legal_name: 'Kopi HQ Sdn. Bhd.',
      sst_registration_no: 'W10-1808-32000123',
      tin: null,
      brn: '202301012345',
      outlet_code: 'KL01',
      outlet_address: '12 Jalan Bukit Bintang, 55100 Kuala Lumpur',
      outlet_phone: '03-2141 0000',
    },
    ...overrides,
  };
}

export function sampleRefundable(overrides: Partial<Refundable> = {}): Refundable {
  return {
    paid: 4000,
    refunded: 1500,
    remaining: 2500,
    by_method: [{ method: 'card', paid: 4000, remaining: 2500 }],
    items: [
      {
        order_item_id: latteId,
        name: 'Iced Latte',
        name_my: 'Latte Ais',
        quantity: 2,
        refundable_quantity: 1,
        unit_amount: 1000,
      },
      {
        order_item_id: croissantId,
        name: 'Croissant',
        name_my: null,
        quantity: 3,
        refundable_quantity: 2,
        unit_amount: 500,
      },
    ],
    ...overrides,
  };
}
