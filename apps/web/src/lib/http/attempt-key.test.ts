import { describe, expect, it } from 'vitest';
import { createAttemptKeys, sendAttempt } from './attempt-key';
import { HttpError } from './http-client';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('attempt keys', () => {
  it('keeps the key for the same body until settled, and makes a new one for another body', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    expect(keys.keyFor({ a: 2 })).toBe('key-2');
    keys.settle();
    expect(keys.keyFor({ a: 2 })).toBe('key-3');
  });

  it('resends an unanswered request (no answer, 5xx, in flight) with its key, a refused one with a new key', async () => {
    const keys = createAttemptKeys(counter());
    const sent: string[] = [];
    const failWith = (error: unknown) => (_: unknown, key: string) => {
      sent.push(key);
      return Promise.reject(error);
    };
    const body = { amount: 1000 };
    await expect(sendAttempt(keys, body, failWith(new HttpError(0, 'offline')))).rejects.toThrow();
    await expect(sendAttempt(keys, body, failWith(new HttpError(503, 'down')))).rejects.toThrow();
    const inFlight = new HttpError(409, 'busy', { code_message: 'idempotency_in_flight' });
    await expect(sendAttempt(keys, body, failWith(inFlight))).rejects.toThrow();
    // A refusal is final: the next submit is a new request.
    const refused = new HttpError(409, 'no shift', { code_message: 'shift_required' });
    await expect(sendAttempt(keys, body, failWith(refused))).rejects.toThrow();
    await sendAttempt(keys, body, (_, key) => {
      sent.push(key);
      return Promise.resolve('ok');
    });
    expect(sent).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2']);
  });
});
