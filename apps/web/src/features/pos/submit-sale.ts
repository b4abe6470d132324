import { HttpError } from '../../lib/http/http-client';
import type { Order, OrderCreate } from '@kopi/contract';

// Sending a sale. One Idempotency-Key per sale: every attempt of the same sale carries it, so the
// server records it once and replays its answer to a retry. An answer that never came (network,
// timeout, 5xx, 429, or the first attempt still running) is retried a few times with backoff;
// a refusal (4xx) is final and shown as it is.

/** Waits before the 2nd, 3rd and 4th attempt. */
export const retryDelaysMs = [1_000, 2_000, 4_000] as const;

/** No answer we can trust: the sale may or may not have been recorded, so retry the same key. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.status === 0 || error.status === 408 || error.status === 425) return true;
  // A manager's PIN tried too often on this device is an answer, kept with the key: the wait is
  // the manager's, and sending the same PIN again only replays it.
  if (error.status === 429) return error.codeMessage !== 'pin_throttled';
  if (error.status >= 500) return true;
  // The same key is still being processed by an earlier attempt: its answer will be replayed.
  return error.status === 409 && error.codeMessage === 'idempotency_in_flight';
}

/** Every attempt failed without an answer: the cashier retries (same key) when ready. */
export class SaleUnconfirmedError extends Error {
  constructor(cause: unknown) {
    super('The sale was not confirmed', { cause });
    this.name = 'SaleUnconfirmedError';
  }
}

export interface SubmitSaleDeps {
  post: (body: OrderCreate, idempotencyKey: string) => Promise<Order>;
  sleep: (ms: number) => Promise<void>;
  /** Called before each retry (attempt 2, 3, …) so the screen can say what is happening. */
  onRetry?: (attempt: number, delayMs: number) => void;
}

export async function submitSale(
  body: OrderCreate,
  idempotencyKey: string,
  { post, sleep, onRetry }: SubmitSaleDeps,
): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await post(body, idempotencyKey);
    } catch (error) {
      if (!isTransient(error)) throw error;
      const delay = retryDelaysMs[attempt];
      if (delay === undefined) throw new SaleUnconfirmedError(error);
      onRetry?.(attempt + 2, delay);
      await sleep(delay);
    }
  }
}

/** `items.2.product_id` → 2: the cart line a refusal is about. */
export function refusedLineIndexes(error: unknown): number[] {
  if (!(error instanceof HttpError)) return [];
  const details = error.body?.details;
  if (!Array.isArray(details)) return [];
  const found = new Set<number>();
  for (const d of details) {
    const match = /^items\.(\d+)\b/.exec(String((d as { path?: unknown }).path ?? ''));
    if (match) found.add(Number(match[1]));
  }
  return [...found];
}
