import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchedStep } from './two-step-codes';

// A code belongs to the 30 s step floor(t / 30 s) it was made in (RFC 6238), and is taken in that
// step or one either side of it. The code here comes from otpauth itself, as a phone's app makes it.
const secret = 'JBSWY3DPEHPK3PXP';
const step = 59_000_000; // a step of early 2026
const stepStartMs = (s: number) => s * 30_000;
const codeOf = (s: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: stepStartMs(s) + 12_000,
  });

describe('matchedStep', () => {
  it('names the step the code was made in, from the step before it to the step after it', () => {
    const code = codeOf(step);
    expect(matchedStep(secret, 'tina', code, stepStartMs(step))).toBe(step);
    expect(matchedStep(secret, 'tina', code, stepStartMs(step - 1))).toBe(step);
    expect(matchedStep(secret, 'tina', code, stepStartMs(step + 1))).toBe(step);
    // The last millisecond of the step after: still the code's own step, whatever the clock says
    // a moment later (a second reading of the clock would name step + 2 there).
    expect(matchedStep(secret, 'tina', code, stepStartMs(step + 2) - 1)).toBe(step);
  });

  it('refuses the code two steps away on either side, and a code never made', () => {
    const code = codeOf(step);
    expect(matchedStep(secret, 'tina', code, stepStartMs(step + 2))).toBeNull();
    expect(matchedStep(secret, 'tina', code, stepStartMs(step - 1) - 1)).toBeNull();
    const other = code === '000000' ? '000001' : '000000';
    expect(matchedStep(secret, 'tina', other, stepStartMs(step))).toBeNull();
  });
});
