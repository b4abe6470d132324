import type { Board, BoardOrder } from '@kopi/contract';

// Board orders for the feature's tests.
export const T0 = Date.parse('2026-03-02T02:00:00.000Z'); // 10:00 in Kuala Lumpur

export const minutesAgo = (minutes: number, now = T0) =>
  new Date(now - minutes * 60_000).toISOString();

export function boardOrder(overrides: Partial<BoardOrder> & { order_no: string }): BoardOrder {
  const status = overrides.status ?? 'PENDING';
  return {
    id: `id-${overrides.order_no}`,
    outlet_id: 'o1',
    outlet_name: 'Kopi Demo KLCC',
    source: 'pos-apps',
    via: 'POS',
    serving_method: 'dine_in',
    table_no: '7',
    customer_name: null,
    customer_phone: null,
    payment_methods: ['cash'],
    status,
    business_date: '2026-03-02',
    created_at: minutesAgo(1),
    total: 1290,
    paid: 1290,
    refunded: 0,
    items: [
      {
        id: `line-${overrides.order_no}`,
        name: 'Kopi O Ais',
        name_my: null,
        quantity: 2,
        options: [
          {
            group: 'Sugar',
            group_my: 'Gula',
            name: 'Less sugar',
            name_my: 'Kurang manis',
            price: 0,
          },
        ],
        addons: [{ name: 'Extra shot', name_my: null, price: 150 }],
        notes: 'No ice',
      },
    ],
    status_at: overrides.created_at ?? minutesAgo(1),
    allowed_statuses:
      status === 'PENDING'
        ? ['APPROVED', 'REJECTED']
        : status === 'APPROVED'
          ? ['COMPLETED', 'REJECTED']
          : [],
    ...overrides,
  };
}

/** One outlet, o1, with the default thresholds, on T0's business day. */
export const thresholds: Board['thresholds'] = [
  { outlet_id: 'o1', amber_minutes: 5, red_minutes: 10, business_date: '2026-03-02' },
];

export const board = (orders: BoardOrder[], thresholds: Board['thresholds'] = []): Board => ({
  thresholds,
  orders,
  not_shown: { PENDING: 0, APPROVED: 0, COMPLETED: 0 },
});
