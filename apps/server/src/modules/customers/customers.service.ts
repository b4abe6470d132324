import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { MobileSignUp } from '@kopi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { audit, maskPhone } from '../../lib/audit';
import {
  byCustomer,
  CUSTOMER_TOKEN_PREFIX,
  customerActor,
  type CustomerPrincipal,
} from '../../lib/customer-principal';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import type { RequestContext } from '../../lib/request-context';
import { generateOpaqueToken, hashToken } from '../../lib/tokens';
import {
  accountWithPassword,
  backoffBucket,
  createSignInBackoff,
  KNOWN_ADDRESS_DAYS,
} from '../auth/sign-in-backoff.service';
import { acceptedReferrer, recordSignUpReferral } from '../loyalty/referral-list.service';
import * as repo from './customers.repo';

// Customer accounts of the app: sign-up with a phone and a password, the phone proven by a
// 6-digit code sent as a text message (through the outbox), sign-in, sign-out. Customers are not
// staff: their sessions are opaque tokens in customer_sessions, never the staff JWTs.

export interface CustomerServiceDeps {
  db: Db;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
}

const SESSION_TTL_MS = 60 * 86_400_000;
const CODE_TTL_MS = 10 * 60_000;
const CODE_ATTEMPTS = 5;
const CODES_PER_HOUR = 5;
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The code is kept as a hash bound to its customer, so equal codes never share a hash. */
const codeHash = (customerId: string, code: string) =>
  createHash('sha256').update(`${customerId}:${code}`).digest();

/** A customer's invite code: 8 characters that cannot be misread (no 0/O, 1/I). */
export const newReferralCode = () =>
  Array.from(randomBytes(8), (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');

export type CustomerRow = repo.CustomerRow;

/** The business a customer belongs to. */
export interface CustomerTenant {
  id: string;
  slug: string;
  name: string;
}

/** A customer session just started: the token is shown once, only its hash is kept. */
export interface CustomerSession {
  token: string;
  expiresAt: Date;
  tenantSlug: string;
  customer: CustomerRow;
}

// Guessing is slowed by the staff sign-in backoff (decision 029), per business (its slug, as the
// app names it) and phone: the password and the phone code each have their own count.
const passwordAccount = (tenant: CustomerTenant, phone: string) =>
  `customer:${tenant.slug}:${phone}`;
const codeAccount = (tenant: CustomerTenant, phone: string) =>
  `customer-code:${tenant.slug}:${phone}`;

export function createCustomerService({ db, hasher, log }: CustomerServiceDeps) {
  const backoff = createSignInBackoff(db);

  /** Writes a fresh code and its text message in the caller's transaction. */
  async function sendCode(tx: Db, tenant: CustomerTenant, customer: repo.CustomerRow) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.replaceCode(tx, {
      tenantId: tenant.id,
      customerId: customer.id,
      codeHash: codeHash(customer.id, code).toString('hex'),
      ttlMs: CODE_TTL_MS,
    });
    return repo.enqueueSms(tx, {
      tenantId: tenant.id,
      kind: 'sms_verification',
      to: customer.phone,
      subject: `${tenant.name} verification code`,
      text: `${code} is your ${tenant.name} verification code. It expires in 10 minutes. Never share it with anyone.`,
    });
  }

  // No SMS gateway is wired yet: like e-mail without SMTP, the message stays in the outbox and
  // the log names the row (not the phone, personal data, nor the text: a code is a credential).
  const announceSms = (outboxId: string) =>
    log.info({ outboxId }, 'text message kept in the outbox (no SMS gateway)');

  async function startSession(
    tx: Db,
    tenant: CustomerTenant,
    customer: repo.CustomerRow,
    ctx: RequestContext,
  ): Promise<CustomerSession> {
    const token = CUSTOMER_TOKEN_PREFIX + generateOpaqueToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await repo.createSession(tx, {
      tenantId: tenant.id,
      customerId: customer.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return { token, expiresAt, tenantSlug: tenant.slug, customer };
  }

  /** The code check itself: the right code verifies the phone and signs in. */
  async function verifyCode(
    tenant: CustomerTenant,
    input: { phone: string; code: string },
    ctx: RequestContext,
  ): Promise<CustomerSession> {
    const customer = await repo.findByPhone(db, tenant.id, input.phone);
    if (!customer) throw new AppError('verification_code_invalid');
    if (customer.status !== 'active') throw new AppError('customer_disabled');
    const attempt = await repo.takeCodeAttempt(db, tenant.id, customer.id, CODE_ATTEMPTS);
    if (!attempt) throw new AppError('verification_code_expired');
    const matches = timingSafeEqual(
      Buffer.from(attempt.codeHash, 'hex'),
      codeHash(customer.id, input.code),
    );
    if (!matches) throw new AppError('verification_code_invalid');
    return db.transaction(async (tx) => {
      if (!(await repo.useCode(tx, tenant.id, attempt.id)))
        throw new AppError('verification_code_expired');
      await repo.markVerified(tx, tenant.id, customer.id);
      await audit.record(tx, ctx, {
        action: 'customer.verify_phone',
        entity: 'customer',
        entityId: customer.id,
        actor: customerActor(customer),
        tenantId: tenant.id,
      });
      return startSession(tx, tenant, { ...customer, phoneVerifiedAt: new Date() }, ctx);
    });
  }

  return {
    /** Sign-up: a new account (or a retry before verifying) and a code. */
    async signUp(tenant: CustomerTenant, input: MobileSignUp, ctx: RequestContext) {
      const referrer = input.referral_code
        ? await repo.findByReferralCode(db, tenant.id, input.referral_code)
        : null;
      if (input.referral_code && !referrer) {
        throw new AppError('referral_code_unknown', {
          details: [{ path: 'referral_code', message: 'validation.invalid' }],
        });
      }
      const existing = await repo.findByPhone(db, tenant.id, input.phone);
      if (existing?.phoneVerifiedAt) throw new AppError('phone_taken');
      if (
        existing &&
        (await repo.codesSentSince(db, tenant.id, existing.id, 3_600_000)) >= CODES_PER_HOUR
      ) {
        throw new AppError('too_many_attempts');
      }
      const passwordHash = await hasher.hash(input.password);
      const details = {
        name: input.name,
        email: input.email || null,
        birthday: input.birthday ?? null,
        passwordHash,
        // A code of the applicant's own (phone or e-mail) is ignored, and so is its referral.
        referredBy: referrer ? await acceptedReferrer(db, tenant.id, referrer.id, input) : null,
      };
      try {
        const { customer, outboxId } = await db.transaction(async (tx) => {
          const customer = existing
            ? await repo.updateUnverified(tx, tenant.id, existing.id, details)
            : await repo.insertCustomer(tx, {
                ...details,
                tenantId: tenant.id,
                phone: input.phone,
                referralCode: newReferralCode(),
              });
          // Verified in between by a parallel request: the phone is taken now.
          if (!customer) throw new AppError('phone_taken');
          await recordSignUpReferral(tx, tenant.id, customer.id, customer.referredBy);
          await audit.record(tx, ctx, {
            action: existing ? 'customer.sign_up_again' : 'customer.sign_up',
            entity: 'customer',
            entityId: customer.id,
            actor: customerActor(customer),
            tenantId: tenant.id,
            // No name, phone or e-mail: the log outlives anonymising (decision 051).
            after: { phone: maskPhone(customer.phone), referred_by: customer.referredBy },
          });
          return { customer, outboxId: await sendCode(tx, tenant, customer) };
        });
        announceSms(outboxId);
        return { phone: customer.phone, code_expires_in: CODE_TTL_MS / 1000 };
      } catch (error) {
        // Two sign-ups of one phone at once: the second finds it taken.
        if (uniqueViolation(error) === 'customers_tenant_phone_unique') {
          throw new AppError('phone_taken');
        }
        throw error;
      }
    },

    /** Resend the code: the same answer whether or not the phone is known. */
    async resendCode(tenant: CustomerTenant, phone: string, ctx: RequestContext) {
      const customer = await repo.findByPhone(db, tenant.id, phone);
      const answer = { phone, code_expires_in: CODE_TTL_MS / 1000 };
      if (!customer || customer.phoneVerifiedAt || customer.status !== 'active') return answer;
      if ((await repo.codesSentSince(db, tenant.id, customer.id, 3_600_000)) >= CODES_PER_HOUR)
        return answer;
      // Audited only when a code goes out: the answers that write nothing leave no entry either.
      const outboxId = await db.transaction(async (tx) => {
        await audit.record(tx, ctx, {
          action: 'customer.resend_code',
          entity: 'customer',
          entityId: customer.id,
          actor: customerActor(customer),
          tenantId: tenant.id,
        });
        return sendCode(tx, tenant, customer);
      });
      announceSms(outboxId);
      return answer;
    },

    /** Verify the phone: the right code verifies the phone and signs in. */
    async verifyPhone(
      tenant: CustomerTenant,
      input: { phone: string; code: string },
      ctx: RequestContext,
    ): Promise<CustomerSession> {
      return backoff.guard(codeAccount(tenant, input.phone), 'verification_code_invalid', () =>
        verifyCode(tenant, input, ctx),
      );
    },

    /** Sign-in: phone and password; the phone must be verified. */
    async signIn(
      tenant: CustomerTenant,
      input: { phone: string; password: string },
      ctx: RequestContext,
    ): Promise<CustomerSession> {
      const found = await repo.findByPhone(db, tenant.id, input.phone);
      const known =
        found !== null &&
        (await repo.signedInFrom(db, tenant.id, found.id, ctx.ip, KNOWN_ADDRESS_DAYS));
      const bucket = backoffBucket(passwordAccount(tenant, input.phone), known ? ctx.ip : null);
      const customer = await backoff.guard(bucket, 'invalid_phone_or_password', () =>
        accountWithPassword(hasher, found, input.password),
      );
      // Only the right password learns why an account cannot sign in.
      if (customer.status !== 'active') throw new AppError('customer_disabled');
      if (!customer.phoneVerifiedAt) throw new AppError('phone_not_verified');
      return db.transaction(async (tx) => {
        await audit.record(tx, ctx, {
          action: 'customer.sign_in',
          entity: 'customer',
          entityId: customer.id,
          actor: customerActor(customer),
          tenantId: tenant.id,
        });
        return startSession(tx, tenant, customer, ctx);
      });
    },

    /** Sign-out: ends this session only. */
    async signOut(customer: CustomerPrincipal, ctx: RequestContext) {
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, customer.tenantId, customer.sessionId);
        await audit.record(tx, ctx, {
          action: 'customer.sign_out',
          entity: 'customer',
          entityId: customer.customerId,
          ...byCustomer(customer),
        });
      });
      return { signed_out: true as const };
    },

    /** The signed-in customer's account. */
    async me(customer: CustomerPrincipal): Promise<CustomerRow> {
      const row = await repo.findById(db, customer.tenantId, customer.customerId);
      if (!row) throw new AppError('unauthorized');
      return row;
    },

    /**
     * The business named by a signed-out call (by its slug); null when none uses it. A
     * suspended one is refused.
     */
    async tenantBySlug(slug: string): Promise<CustomerTenant | null> {
      const tenant = await repo.tenantBySlug(db, slug);
      if (!tenant) return null;
      if (tenant.status === 'suspended') throw new AppError('tenant_suspended');
      return { id: tenant.id, slug: tenant.slug, name: tenant.name };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
