import { Secret, TOTP } from 'otpauth';

// Time-based codes (TOTP, RFC 6238) as authenticator apps make them: six digits, SHA-1, 30 s.

const TOTP_PERIOD_S = 30;
const ISSUER = 'Kopi HQ';

export const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
  });

/** A new secret of 160 bits (RFC 4226's recommended length), in base 32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/**
 * The time step `code` was made for, when that is the step of `nowMs` or one either side (a
 * phone's clock may be a little off); null otherwise. The match and the step come from one
 * reading of the clock: a step boundary between two readings would name the step after the
 * code's, and the next step's code would be refused as already used.
 */
export function matchedStep(secret: string, label: string, code: string, nowMs = Date.now()) {
  const delta = totpFor(secret, label).validate({ token: code, window: 1, timestamp: nowMs });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}
