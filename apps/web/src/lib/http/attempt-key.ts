import { HttpError } from './http-client';

// The Idempotency-Key of a money-moving request (a refund, a top-up). A repeated submit of the
// same request (a double tap, a retry after an answer that never came) carries the key of the
// first attempt, so the server records it once and replays its answer; a changed request is a
// new attempt with a new key.

export interface AttemptKeys {
  /** The key for sending `body` now. */
  keyFor: (body: unknown) => string;
  /** The request was answered: the next submit is a new request. */
  settle: () => void;
}

export function createAttemptKeys(uuid: () => string = () => crypto.randomUUID()): AttemptKeys {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: uuid() };
      return last.key;
    },
    settle() {
      last = null;
    },
  };
}

/** No answer we can trust (the request may have been recorded): a resubmit keeps the key. */
export const unanswered = (error: unknown) =>
  error instanceof HttpError &&
  (error.status === 0 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500 ||
    (error.status === 409 && error.codeMessage === 'idempotency_in_flight'));

/**
 * Sends `body` with its attempt's key: the key is kept for a resubmit only while the last try
 * went unanswered.
 */
export async function sendAttempt<B, T>(
  keys: AttemptKeys,
  body: B,
  send: (body: B, key: string) => Promise<T>,
): Promise<T> {
  try {
    const answer = await send(body, keys.keyFor(body));
    keys.settle();
    return answer;
  } catch (error) {
    if (!unanswered(error)) keys.settle();
    throw error;
  }
}
