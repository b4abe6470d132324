import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, verifyHs256 } from './tokens';

// Access tokens are verified by hand with node's HMAC (tokens.ts): only what sign() makes, signed
// with our secret, for the purpose asked, not yet expired, may pass.

const secret = 'a-test-secret-of-at-least-thirty-two-chars';
const key = new TextEncoder().encode(secret);
const signer = createTokenSigner(secret);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access token verification', () => {
  it('accepts what sign() made, with its user and session', async () => {
    const token = await signer.sign('access', { userId: 'u1', sessionId: 's1' }, 60_000);
    expect(await signer.verify('access', token)).toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it('refuses a token made for another purpose', async () => {
    const token = await signer.sign('two-step', { userId: 'u1' }, 60_000);
    expect(await signer.verify('access', token)).toBeNull();
    expect(await signer.verify('two-step', token)).toEqual({ userId: 'u1', sessionId: undefined });
  });

  it('refuses a changed payload, another secret, and a cut signature', async () => {
    const token = await signer.sign('access', { userId: 'u1', sessionId: 's1' }, 60_000);
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ sub: 'admin', sid: 's1', iss: 'kopi-hq', aud: 'kopi-hq:access', exp: 9e9 })}.${s}`;
    expect(await signer.verify('access', forged)).toBeNull();
    const other = createTokenSigner('another-secret-of-at-least-thirty-two-chars');
    expect(await other.verify('access', token)).toBeNull();
    expect(await signer.verify('access', token.slice(0, -4))).toBeNull();
    expect(await signer.verify('access', `${token}.x`)).toBeNull();
    expect(await signer.verify('access', 'not a token')).toBeNull();
  });

  it('refuses an unsigned token (alg none) and another algorithm', async () => {
    const claims = { sub: 'u1', sid: 's1', iss: 'kopi-hq', aud: 'kopi-hq:access', exp: 9e9 };
    expect(await signer.verify('access', `${b64({ alg: 'none' })}.${b64(claims)}.`)).toBeNull();
    const hs512 = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('kopi-hq')
      .setAudience('kopi-hq:access')
      .setSubject('u1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret.repeat(2)));
    expect(await signer.verify('access', hs512)).toBeNull();
  });

  it('refuses another issuer, a missing subject, and a token that is not yet valid', async () => {
    const make = (claims: Record<string, unknown>, build: (j: SignJWT) => SignJWT) =>
      build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }))
        .setAudience('kopi-hq:access')
        .setExpirationTime('1h')
        .sign(key);
    const otherIssuer = await make({}, (j) => j.setIssuer('someone-else').setSubject('u1'));
    expect(await signer.verify('access', otherIssuer)).toBeNull();
    const noSubject = await make({}, (j) => j.setIssuer('kopi-hq'));
    expect(await signer.verify('access', noSubject)).toBeNull();
    const later = await make({}, (j) => j.setIssuer('kopi-hq').setSubject('u1').setNotBefore('1h'));
    expect(await signer.verify('access', later)).toBeNull();
    const good = await make({ sid: 's9' }, (j) => j.setIssuer('kopi-hq').setSubject('u9'));
    expect(await signer.verify('access', good)).toEqual({ userId: 'u9', sessionId: 's9' });
  });

  it('refuses a token from its expiry on', async () => {
    const token = await signer.sign('access', { userId: 'u1', sessionId: 's1' }, 60_000);
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
    expect(verifyHs256(key, token, 'kopi-hq:access', exp * 1000 - 1)).not.toBeNull();
    expect(verifyHs256(key, token, 'kopi-hq:access', exp * 1000)).toBeNull();
  });
});
