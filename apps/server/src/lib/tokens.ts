import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT } from 'jose';

// Access tokens are short-lived HS256 JWTs naming the session; refresh tokens and other one-time
// secrets are opaque random strings of which only a SHA-256 hash is stored.

const ISSUER = 'kopi-hq';

export type TokenPurpose = 'access' | 'two-step';

export interface TokenClaims {
  userId: string;
  /** The session (refresh-token family) for access tokens. */
  sessionId?: string;
}

export interface TokenSigner {
  sign(purpose: TokenPurpose, claims: TokenClaims, ttlMs: number): Promise<string>;
  verify(purpose: TokenPurpose, token: string): Promise<TokenClaims | null>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  const hmacKey = createSecretKey(key);
  return {
    async sign(purpose, claims, ttlMs) {
      const jwt = new SignJWT(claims.sessionId ? { sid: claims.sessionId } : {})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(`${ISSUER}:${purpose}`)
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor((Date.now() + ttlMs) / 1000));
      return jwt.sign(key);
    },
    // Every staff request verifies one: node's HMAC is synchronous and a tenth of the cost of
    // jose's WebCrypto one (decision 025). Only what sign() makes is accepted.
    async verify(purpose, token) {
      return verifyHs256(hmacKey, token, `${ISSUER}:${purpose}`, Date.now());
    },
  };
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** The claims of an HS256 JWT with a valid signature, our issuer, `audience` and no expiry. */
export function verifyHs256(
  key: KeyObject | Uint8Array,
  token: string,
  audience: string,
  nowMs: number,
): TokenClaims | null {
  if (token.length > 4096 || !JWT_SHAPE.test(token)) return null;
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const h = parseJson(header);
  const p = parseJson(payload);
  if (!h || !p || h.alg !== 'HS256' || h.crit !== undefined) return null;
  const audiences = Array.isArray(p.aud) ? p.aud : [p.aud];
  if (p.iss !== ISSUER || !audiences.includes(audience)) return null;
  const nowSeconds = nowMs / 1000;
  if (typeof p.exp !== 'number' || p.exp <= nowSeconds) return null;
  if (p.nbf !== undefined && (typeof p.nbf !== 'number' || p.nbf > nowSeconds)) return null;
  if (typeof p.sub !== 'string') return null;
  return { userId: p.sub, sessionId: typeof p.sid === 'string' ? p.sid : undefined };
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** 256 random bits, URL-safe. */
export const generateOpaqueToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}
