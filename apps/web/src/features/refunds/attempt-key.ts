// The Idempotency-Key of a refund request. A repeated submit of the same request (a double tap,
// a retry after an answer that never came) carries the key of the first attempt, so the server
// records one refund and replays its answer; a changed request is a new attempt with a new key.

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
