import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  canMoveRefund,
  orderStatuses,
  orderTransitions,
  refundStatuses,
  refundTransitions,
} from './status-machines';

describe('order status machine (DESIGN §4)', () => {
  it('allows exactly the designed moves', () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderTransitions[from].map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'CREATED>PENDING',
        'CREATED>REJECTED',
        'PENDING>APPROVED',
        'PENDING>REJECTED',
        'APPROVED>COMPLETED',
        'APPROVED>REJECTED',
        'COMPLETED>CLOSED',
      ].sort(),
    );
    expect(canMoveOrder('COMPLETED', 'REJECTED')).toBe(false);
    expect(canMoveOrder('CLOSED', 'PENDING')).toBe(false);
  });
});

describe('refund status machine (DESIGN §4)', () => {
  // The designed moves, written out: asked for, approved or rejected, paid out straight away or
  // by bank transfer (waiting, transferred), completed, and finished refunds archived.
  const designed = [
    'CREATED>PENDING',
    'PENDING>APPROVED',
    'PENDING>REJECTED',
    'APPROVED>COMPLETED',
    'APPROVED>WAITING TRANSFER',
    'WAITING TRANSFER>TRANSFERED',
    'TRANSFERED>COMPLETED',
    'COMPLETED>CLOSED',
    'REJECTED>CLOSED',
  ];

  it('allows exactly the designed moves', () => {
    expect([...refundStatuses].sort()).toEqual(
      [
        'CREATED',
        'PENDING',
        'APPROVED',
        'WAITING TRANSFER',
        'TRANSFERED',
        'COMPLETED',
        'REJECTED',
        'CLOSED',
      ].sort(),
    );
    const allowed = refundStatuses.flatMap((from) =>
      refundTransitions[from].map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual([...designed].sort());
  });

  it('answers every (from, to) pair as the designed moves say', () => {
    for (const from of refundStatuses) {
      for (const to of refundStatuses) {
        expect(canMoveRefund(from, to), `${from}>${to}`).toBe(designed.includes(`${from}>${to}`));
      }
    }
  });
});
