import { timingSafeEqual } from 'node:crypto';

// Signatures are compared in constant time so a forger cannot learn, from how long a refusal
// takes, how many leading characters of a guess were right. Strings of different lengths are
// refused at once: the length of a hex digest is public anyway.

export function constantTimeEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}
