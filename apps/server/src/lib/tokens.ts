import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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
    async verify(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: `${ISSUER}:${purpose}`,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string') return null;
        const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
        return { userId: payload.sub, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
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
