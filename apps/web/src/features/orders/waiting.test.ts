import { describe, expect, it } from 'vitest';
import { orderWaits, waitParts } from './waiting';

describe('orderWaits', () => {
  it('measures placed → ready → handed over in whole seconds', () => {
    expect(
      orderWaits({
        created_at: '2026-06-10T03:00:00.000Z',
        ready_at: '2026-06-10T03:06:30.000Z',
        handed_over_at: '2026-06-10T03:09:00.400Z',
      }),
    ).toEqual({
      readyAt: '2026-06-10T03:06:30.000Z',
      handedOverAt: '2026-06-10T03:09:00.400Z',
      toReady: 390,
      toHandedOver: 150,
    });
  });

  it('leaves out what has not happened yet', () => {
    const placed = { created_at: '2026-06-10T03:00:00.000Z', handed_over_at: null };
    expect(orderWaits({ ...placed, ready_at: null })).toMatchObject({
      toReady: null,
      toHandedOver: null,
    });
    expect(orderWaits({ ...placed, ready_at: '2026-06-10T03:05:00.000Z' })).toMatchObject({
      toReady: 300,
      toHandedOver: null,
    });
  });

  it('splits a wait into minutes and seconds', () => {
    expect(waitParts(390)).toEqual({ minutes: 6, seconds: 30 });
    expect(waitParts(59)).toEqual({ minutes: 0, seconds: 59 });
  });
});
