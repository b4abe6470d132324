import type { LiveOrderEvent } from '@kopi/contract';
import { describe, expect, it, vi } from 'vitest';
import { bringsNewOrder, chimeOncePerBurst } from './session-runtime';

const event = (type: string, status?: string): LiveOrderEvent => ({
  event_id: 1,
  type,
  message: { id_order: 'o', outlet_id: 'x', ...(status ? { status } : {}) },
});

describe('new-order chime', () => {
  it('rings when an order reaches the bar: a counter sale or a paid mobile order', () => {
    expect(bringsNewOrder(event('order.created', 'PENDING'))).toBe(true);
    expect(bringsNewOrder(event('order.created'))).toBe(true);
    expect(bringsNewOrder(event('order.status', 'PENDING'))).toBe(true);
  });

  it('stays quiet for an unpaid order and for moves along the board', () => {
    expect(bringsNewOrder(event('order.created', 'CREATED'))).toBe(false);
    for (const status of ['APPROVED', 'COMPLETED', 'REJECTED', 'CLOSED']) {
      expect(bringsNewOrder(event('order.status', status))).toBe(false);
    }
    expect(bringsNewOrder(event('order.status'))).toBe(false);
  });

  it('rings once for a burst (a replay of many orders), and again after a pause', () => {
    const play = vi.fn();
    const start = 1_000_000;
    for (let i = 0; i < 5; i++) chimeOncePerBurst(start + i * 10, play);
    expect(play).toHaveBeenCalledTimes(1);
    chimeOncePerBurst(start + 5_000, play);
    expect(play).toHaveBeenCalledTimes(2);
  });
});
