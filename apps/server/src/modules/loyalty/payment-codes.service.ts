import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { MobilePaymentCode, WalletPaymentCodeInfo } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { byCustomer, type CustomerPrincipal } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { resolveServerSecret } from '../../lib/secrets';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './payment-codes.repo';

// Paying with the wallet at the counter needs the customer's consent: the app shows a code (as
// digits and a QR) that the POS scans or types. A code is 12 digits: 6 random and 6 of an HMAC
// under a server secret over the tenant, the random digits and the minute the code expires in,
// so a typed or guessed code that the server did not make is refused before any lookup. The
// customer and the exact expiry are in the stored row (only the code's hash is kept), found by
// the hash once the signature holds. A code is valid 60 seconds and is taken once, by the sale's
// transaction.

export const PAYMENT_CODE_TTL_MS = 60_000;
/** The QR's text is the digits behind this prefix, which the POS scanner recognises. */
export const PAYMENT_CODE_QR_PREFIX = 'KOPIPAY:';
const WINDOW_MS = 60_000;
const MILLION = 1_000_000;
/** Draws of random digits before giving up on a free code (a clash is one in a million). */
const DRAWS = 5;

const digits = (n: number) => String(n).padStart(6, '0');
const windowOf = (ms: number) => Math.floor(ms / WINDOW_MS);

function signature(secret: string, tenantId: string, random: string, window: number) {
  const mac = createHmac('sha256', secret).update(`${tenantId}|${random}|${window}`).digest();
  return digits(mac.readUIntBE(0, 6) % MILLION);
}

/** The code of these random digits, expiring at `expiresAt`, for a tenant. */
export const signedCode = (secret: string, tenantId: string, random: string, expiresAt: Date) =>
  `${random}${signature(secret, tenantId, random, windowOf(expiresAt.getTime()))}`;

/**
 * Whether the server signed this code for the tenant with an expiry near `at`: from the next
 * minute (a code issued now) back to two minutes ago (a code that expired a moment ago is
 * "expired", not "invalid").
 */
function genuine(secret: string, tenantId: string, code: string, at: Date) {
  const random = code.slice(0, 6);
  const given = Buffer.from(code.slice(6));
  const now = windowOf(at.getTime());
  return [now + 1, now, now - 1, now - 2].some((w) =>
    timingSafeEqual(given, Buffer.from(signature(secret, tenantId, random, w))),
  );
}

/** The stored form of a code: its SHA-256 with the tenant. */
const hashOf = (tenantId: string, code: string) =>
  createHash('sha256').update(`${tenantId}:${code}`).digest('hex');

/** The payment codes' signing secret, generated once and kept like the JWT key. */
export const resolvePaymentCodeSecret = (db: Db, configured?: string) =>
  resolveServerSecret(db, 'wallet_payment_code_secret', configured);

export interface PaymentCodeDeps {
  db: Db;
  now: Clock;
  secret: string;
}

export function createPaymentCodeService({ db, now, secret }: PaymentCodeDeps) {
  /** A code that is the server's and the tenant's, or payment_code_invalid. */
  async function known(tx: Db, tenantId: string, code: string, at: Date) {
    if (!/^\d{12}$/.test(code) || !genuine(secret, tenantId, code, at)) {
      throw new AppError('payment_code_invalid');
    }
    const found = await repo.findByHash(tx, tenantId, hashOf(tenantId, code));
    if (!found) throw new AppError('payment_code_invalid');
    return found;
  }

  return {
    /** POST /api/mobile/wallet/payment-code: a new code for the signed-in customer. */
    async issue(customer: CustomerPrincipal, ctx: RequestContext): Promise<MobilePaymentCode> {
      const { tenantId, customerId } = customer;
      const at = now();
      const expiresAt = new Date(at.getTime() + PAYMENT_CODE_TTL_MS);
      return db.transaction(async (tx) => {
        const state = await repo.customerState(tx, tenantId, customerId);
        if (!state) throw new AppError('not_found');
        if (state.anonymisedAt) throw new AppError('customer_anonymised');
        if (state.status !== 'active') throw new AppError('customer_blocked');
        await repo.deleteExpired(tx, tenantId, customerId, at);
        for (let draw = 0; draw < DRAWS; draw++) {
          const code = signedCode(secret, tenantId, digits(randomInt(0, MILLION)), expiresAt);
          const stored = await repo.insertCode(tx, {
            tenantId,
            customerId,
            codeHash: hashOf(tenantId, code),
            expiresAt,
            createdAt: at,
          });
          if (!stored) continue;
          // Proof of consent for a disputed charge: when the customer showed a code.
          await audit.record(tx, ctx, {
            action: 'wallet.payment_code',
            entity: 'customer',
            entityId: customerId,
            ...byCustomer(customer),
            after: { expires_at: expiresAt.toISOString() },
          });
          return {
            code,
            qr: `${PAYMENT_CODE_QR_PREFIX}${code}`,
            expires_at: expiresAt.toISOString(),
          };
        }
        throw new Error('no free wallet payment code after several draws');
      });
    },

    /** POST /api/wallet-payment-codes/check: whose wallet a code charges; it stays unused. */
    async check(ctx: AuthedContext, code: string): Promise<WalletPaymentCodeInfo> {
      const at = now();
      const found = await known(db, tenantIdOf(ctx), code, at);
      if (found.usedAt || found.expiresAt <= at) throw new AppError('payment_code_expired');
      if (found.status !== 'active') throw new AppError('customer_blocked');
      return {
        customer_id: found.customerId,
        customer_name: found.name,
        phone: found.phone,
        balance: found.walletBalance,
        expires_at: found.expiresAt.toISOString(),
      };
    },

    /**
     * Takes a code for a sale in the sale's transaction (`tx`): answers the code's row and its
     * customer. Refused as invalid (not the server's or unknown) or expired (or already used).
     */
    async consume(tx: Db, tenantId: string, code: string, at: Date) {
      const found = await known(tx, tenantId, code, at);
      const taken = await repo.consume(tx, tenantId, found.id, at);
      if (taken) return { codeId: taken.id, customerId: taken.customerId };
      throw new AppError('payment_code_expired');
    },

    /** Names the sale a taken code paid for (after the sale's order row is written). */
    attachOrder: (tx: Db, tenantId: string, codeId: string, orderId: string) =>
      repo.attachOrder(tx, tenantId, codeId, orderId),
  };
}

export type PaymentCodeService = ReturnType<typeof createPaymentCodeService>;
