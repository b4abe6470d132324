import type { Order } from '@kopi/contract';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http/http-client';
import {
  isTransient,
  refusedLineIndexes,
  retryDelaysMs,
  SaleUnconfirmedError,
  submitSale,
} from './submit-sale';

const order = { id: 'o1', order_no: 'KL01-0001' } as Order;
const body = { outlet_id: 'x' } as Parameters<typeof submitSale>[0];

describe('submitting a sale', () => {
  it('retries lost answers with the same key and backoff, telling the screen', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(0, 'offline'))
      .mockRejectedValueOnce(new HttpError(503, 'down'))
      .mockResolvedValueOnce(order);
    const sleep = vi.fn(() => Promise.resolve());
    const onRetry = vi.fn();
    await expect(submitSale(body, 'sale-1', { post, sleep, onRetry })).resolves.toBe(order);
    expect(post.mock.calls.map((c) => c[1])).toEqual(['sale-1', 'sale-1', 'sale-1']);
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
    expect(onRetry.mock.calls).toEqual([
      [2, 1000],
      [3, 2000],
    ]);
  });

  it('gives up after four attempts as unconfirmed', async () => {
    const post = vi.fn().mockRejectedValue(new HttpError(502, 'bad gateway'));
    const error = await submitSale(body, 'k', { post, sleep: () => Promise.resolve() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SaleUnconfirmedError);
    expect(post).toHaveBeenCalledTimes(retryDelaysMs.length + 1);
  });

  it('does not retry a refusal', async () => {
    const refusal = new HttpError(400, 'sold out', { code_message: 'product_sold_out' });
    const post = vi.fn().mockRejectedValue(refusal);
    await expect(submitSale(body, 'k', { post, sleep: () => Promise.resolve() })).rejects.toBe(
      refusal,
    );
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('tells transient failures from refusals', () => {
    for (const status of [0, 408, 425, 429, 500, 502, 503, 504])
      expect(isTransient(new HttpError(status, ''))).toBe(true);
    expect(isTransient(new HttpError(409, '', { code_message: 'idempotency_in_flight' }))).toBe(
      true,
    );
    expect(isTransient(new HttpError(409, '', { code_message: 'day_closed' }))).toBe(false);
    // A manager's PIN throttled on this device is the server's answer, not a busy server.
    expect(isTransient(new HttpError(429, '', { code_message: 'pin_throttled' }))).toBe(false);
    expect(isTransient(new HttpError(400, ''))).toBe(false);
    expect(isTransient(new HttpError(422, '', { code_message: 'idempotency_key_reused' }))).toBe(
      false,
    );
    expect(isTransient(new Error('x'))).toBe(false);
  });

  it('finds the cart lines a refusal names', () => {
    const error = new HttpError(400, '', {
      code_message: 'product_sold_out',
      details: [
        { path: 'items.2.product_id', message: 'x' },
        { path: 'items.2.option_ids', message: 'y' },
        { path: 'payments', message: 'z' },
      ],
    });
    expect(refusedLineIndexes(error)).toEqual([2]);
    expect(refusedLineIndexes(new Error('x'))).toEqual([]);
  });
});
