import { describe, expect, it } from 'vitest';
import {
  applyMove,
  defaultThresholds,
  dropMove,
  elapsedMs,
  groupBoard,
  handOverAction,
  mayReject,
  primaryMove,
  thresholdsByOutlet,
  timerLevel,
  timerStart,
  wholeMinutes,
  withoutOrder,
} from './board';
import { T0, board, boardOrder, minutesAgo } from './test-orders';

describe('groupBoard', () => {
  it('puts each order in its status column and leaves other statuses off the board', () => {
    const groups = groupBoard([
      boardOrder({ order_no: 'KL01-0001', status: 'PENDING' }),
      boardOrder({ order_no: 'KL01-0002', status: 'APPROVED' }),
      boardOrder({ order_no: 'KL01-0003', status: 'COMPLETED' }),
      boardOrder({ order_no: 'KL01-0004', status: 'REJECTED' }),
      boardOrder({ order_no: 'KL01-0005', status: 'CLOSED' }),
    ]);
    expect(groups.PENDING.map((o) => o.order_no)).toEqual(['KL01-0001']);
    expect(groups.APPROVED.map((o) => o.order_no)).toEqual(['KL01-0002']);
    expect(groups.COMPLETED.map((o) => o.order_no)).toEqual(['KL01-0003']);
  });

  it('lists new and preparing orders oldest placed first, ready ones most recently ready first', () => {
    const groups = groupBoard([
      boardOrder({ order_no: 'KL01-0003', created_at: minutesAgo(2) }),
      boardOrder({ order_no: 'KL01-0001', created_at: minutesAgo(9) }),
      boardOrder({ order_no: 'KL01-0002', created_at: minutesAgo(9) }),
      boardOrder({
        order_no: 'KL01-0010',
        status: 'APPROVED',
        created_at: minutesAgo(3),
        status_at: minutesAgo(1),
      }),
      boardOrder({
        order_no: 'KL01-0009',
        status: 'APPROVED',
        created_at: minutesAgo(8),
        status_at: minutesAgo(0),
      }),
      boardOrder({
        order_no: 'KL01-0020',
        status: 'COMPLETED',
        created_at: minutesAgo(30),
        status_at: minutesAgo(20),
      }),
      boardOrder({
        order_no: 'KL01-0021',
        status: 'COMPLETED',
        created_at: minutesAgo(40),
        status_at: minutesAgo(2),
      }),
    ]);
    // Same placing time: by number.
    expect(groups.PENDING.map((o) => o.order_no)).toEqual(['KL01-0001', 'KL01-0002', 'KL01-0003']);
    // Placed, not accepted, decides: the customer who has waited longest is on top.
    expect(groups.APPROVED.map((o) => o.order_no)).toEqual(['KL01-0009', 'KL01-0010']);
    expect(groups.COMPLETED.map((o) => o.order_no)).toEqual(['KL01-0021', 'KL01-0020']);
  });
});

describe('timer', () => {
  const thresholds = { amber_minutes: 5, red_minutes: 10 };

  it('counts new and preparing orders from when they were placed, ready ones from ready', () => {
    const placed = minutesAgo(12);
    const accepted = minutesAgo(2);
    expect(timerStart({ status: 'APPROVED', created_at: placed, status_at: accepted })).toBe(
      placed,
    );
    expect(timerStart({ status: 'PENDING', created_at: placed, status_at: placed })).toBe(placed);
    expect(timerStart({ status: 'COMPLETED', created_at: placed, status_at: accepted })).toBe(
      accepted,
    );
  });

  it('turns amber at the amber minute and red at the red minute of the outlet', () => {
    const level = (minutes: number, status = 'PENDING') =>
      timerLevel(status, elapsedMs(minutesAgo(minutes), T0), thresholds);
    expect(level(0)).toBe('normal');
    expect(level(4.99)).toBe('normal');
    expect(level(5)).toBe('amber');
    expect(level(9.99)).toBe('amber');
    expect(level(10)).toBe('red');
    expect(level(45, 'APPROVED')).toBe('red');
    // Ready orders are done: no urgency whatever the time.
    expect(level(45, 'COMPLETED')).toBe('done');
  });

  it('uses each outlet its own thresholds, and 5/10 for an outlet without any', () => {
    const of = thresholdsByOutlet(
      board(
        [],
        [{ outlet_id: 'o2', amber_minutes: 2, red_minutes: 3, business_date: '2026-03-02' }],
      ),
    );
    expect(of('o2')).toEqual({
      outlet_id: 'o2',
      amber_minutes: 2,
      red_minutes: 3,
      business_date: '2026-03-02',
    });
    expect(of('o1')).toBe(defaultThresholds);
    expect(timerLevel('PENDING', 150_000, of('o2'))).toBe('amber');
    expect(timerLevel('PENDING', 150_000, of('o1'))).toBe('normal');
  });

  it('shows whole minutes and never a negative wait when the server clock is ahead', () => {
    expect(wholeMinutes(elapsedMs(minutesAgo(3.9), T0))).toBe(3);
    expect(elapsedMs(minutesAgo(-1), T0)).toBe(0);
    expect(elapsedMs('not a date', T0)).toBe(0);
  });
});

describe('moves', () => {
  const pending = boardOrder({ order_no: 'KL01-0001', status: 'PENDING' });
  const preparing = boardOrder({ order_no: 'KL01-0002', status: 'APPROVED' });
  const ready = boardOrder({ order_no: 'KL01-0003', status: 'COMPLETED' });

  it('one tap accepts a new order and marks a preparing one ready; ready ones stay', () => {
    expect(primaryMove(pending, true)).toBe('APPROVED');
    expect(primaryMove(preparing, true)).toBe('COMPLETED');
    expect(primaryMove(ready, true)).toBeNull();
  });

  it('offers nothing without the update ability or when the server does not allow it', () => {
    expect(primaryMove(pending, false)).toBeNull();
    expect(mayReject(pending, false)).toBe(false);
    const locked = { ...pending, allowed_statuses: [] };
    expect(primaryMove(locked, true)).toBeNull();
    expect(mayReject(locked, true)).toBe(false);
  });

  it('rejects only when the server allows REJECTED', () => {
    expect(mayReject(pending, true)).toBe(true);
    expect(mayReject(preparing, true)).toBe(true);
    expect(mayReject(ready, true)).toBe(false);
  });

  it('accepts a drop only on the next column', () => {
    expect(dropMove(pending, 'APPROVED', true)).toBe('APPROVED');
    expect(dropMove(pending, 'COMPLETED', true)).toBeNull();
    expect(dropMove(pending, 'PENDING', true)).toBeNull();
    expect(dropMove(preparing, 'COMPLETED', true)).toBe('COMPLETED');
    expect(dropMove(preparing, 'APPROVED', false)).toBeNull();
  });

  it('moves a card at once (optimistically) and drops a rejected one', () => {
    const before = board([pending, preparing]);
    const at = minutesAgo(0);
    const moved = applyMove(before, pending.id, 'APPROVED', at);
    expect(moved.orders[0]).toMatchObject({
      status: 'APPROVED',
      status_at: at,
      allowed_statuses: ['COMPLETED', 'REJECTED'],
    });
    expect(moved.orders[1]).toBe(preparing);
    expect(applyMove(before, preparing.id, 'COMPLETED', at).orders[1]).toMatchObject({
      status: 'COMPLETED',
      allowed_statuses: [],
    });
    expect(applyMove(before, pending.id, 'REJECTED', at).orders).toEqual([preparing]);
    // The original is untouched (it is the rollback).
    expect(before.orders[0]).toBe(pending);
  });
});

describe('handOverAction', () => {
  it('offers "Served" for dine-in and "Handed over" otherwise, on ready cards of staff who may move', () => {
    const ready = boardOrder({
      order_no: 'KL01-0009',
      status: 'COMPLETED',
      serving_method: 'dine_in',
    });
    expect(handOverAction(ready, true)).toBe('served');
    expect(handOverAction({ ...ready, serving_method: 'pick_up' }, true)).toBe('handedOver');
    expect(handOverAction({ ...ready, serving_method: 'delivery' }, true)).toBe('handedOver');
    expect(handOverAction(ready, false)).toBeNull();
    expect(handOverAction({ ...ready, status: 'APPROVED' }, true)).toBeNull();
  });

  it('takes the handed-over card off the board', () => {
    const a = boardOrder({ order_no: 'KL01-0001', status: 'COMPLETED' });
    const b = boardOrder({ order_no: 'KL01-0002', status: 'COMPLETED' });
    const next = withoutOrder(board([a, b]), a.id);
    expect(next.orders.map((o) => o.order_no)).toEqual(['KL01-0002']);
  });
});
