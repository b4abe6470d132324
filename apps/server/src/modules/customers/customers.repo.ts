import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedRowWhere } from '../../db/owned-rows';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';
import { customerSessions, customers, customerVerificationCodes } from '../../db/schema/customers';
import { outbox } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';

// Customers of the app, their sessions and phone codes. Every query filters by tenant_id.

/** The X-Tenant header names the business: no tenant is known before it is found. */
export const tenantFree = ['tenantBySlug'] as const;

/**
 * A customer's id only if it is the tenant's: a row naming another tenant's customer gets null,
 * which the NOT NULL column (or the caller's check) refuses.
 */
const customerWithin = (tenantId: string, id: string) =>
  sql<string>`(select ${customers.id} from ${customers} where ${and(ownedBy(customers, tenantId), eq(customers.id, id))})`;

export type CustomerRow = typeof customers.$inferSelect;

export async function tenantBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: tenants.id, slug: tenants.slug, name: tenants.name, status: tenants.status })
    .from(tenants)
    .where(eq(tenants.slug, slug.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export function findByPhone(db: Db, tenantId: string, phone: string) {
  return ownedRowWhere(db, customers, tenantId, eq(customers.phone, phone));
}

export function findById(db: Db, tenantId: string, id: string) {
  return ownedRowWhere(db, customers, tenantId, eq(customers.id, id));
}

export async function findByReferralCode(db: Db, tenantId: string, code: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.referralCode, code.toUpperCase())))
    .limit(1);
  return row ?? null;
}

export type NewCustomer = typeof customers.$inferInsert;

export async function insertCustomer(tx: Db, values: NewCustomer) {
  const [row] = await tx
    .insert(customers)
    .values({
      ...values,
      referredBy: values.referredBy ? customerWithin(values.tenantId, values.referredBy) : null,
    })
    .returning();
  return row!;
}

/** A sign-up again before the phone was verified: the new details replace the old ones. */
export async function updateUnverified(
  tx: Db,
  tenantId: string,
  id: string,
  values: Pick<NewCustomer, 'name' | 'email' | 'birthday' | 'passwordHash' | 'referredBy'>,
) {
  const [row] = await tx
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(ownedBy(customers, tenantId), eq(customers.id, id), isNull(customers.phoneVerifiedAt)),
    )
    .returning();
  return row ?? null;
}

export async function markVerified(tx: Db, tenantId: string, id: string) {
  await tx
    .update(customers)
    .set({
      phoneVerifiedAt: sql`coalesce(${customers.phoneVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(ownedBy(customers, tenantId), eq(customers.id, id)));
}

// ---- Phone codes ------------------------------------------------------------------------------

export async function codesSentSince(
  db: Db,
  tenantId: string,
  customerId: string,
  sinceMs: number,
) {
  const [row] = await db
    .select({ n: count() })
    .from(customerVerificationCodes)
    .where(
      and(
        ownedBy(customerVerificationCodes, tenantId),
        eq(customerVerificationCodes.customerId, customerId),
        gt(
          customerVerificationCodes.createdAt,
          sql`now() - ${`${sinceMs} milliseconds`}::interval`,
        ),
      ),
    );
  return row?.n ?? 0;
}

/** A new code replaces any earlier unused one (only the latest code is ever accepted). */
export async function replaceCode(
  tx: Db,
  values: { tenantId: string; customerId: string; codeHash: string; ttlMs: number },
) {
  await tx
    .update(customerVerificationCodes)
    .set({ usedAt: sql`now()` })
    .where(
      ownedWhere(
        customerVerificationCodes,
        values.tenantId,
        { customerId: values.customerId },
        isNull(customerVerificationCodes.usedAt),
      ),
    );
  await tx.insert(customerVerificationCodes).values({
    tenantId: values.tenantId,
    customerId: customerWithin(values.tenantId, values.customerId),
    codeHash: values.codeHash,
    expiresAt: sql`now() + ${`${values.ttlMs} milliseconds`}::interval`,
  });
}

/**
 * Counts one attempt on the customer's live code before it is compared, so parallel guesses
 * cannot exceed the limit. Null when there is no live code (none, used, expired or worn out).
 */
export async function takeCodeAttempt(
  db: Db,
  tenantId: string,
  customerId: string,
  maxAttempts: number,
) {
  const [latest] = await db
    .select({ id: customerVerificationCodes.id })
    .from(customerVerificationCodes)
    .where(ownedWhere(customerVerificationCodes, tenantId, { customerId }))
    .orderBy(desc(customerVerificationCodes.createdAt))
    .limit(1);
  if (!latest) return null;
  const [row] = await db
    .update(customerVerificationCodes)
    .set({ attempts: sql`${customerVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(customerVerificationCodes.id, latest.id),
        isNull(customerVerificationCodes.usedAt),
        gt(customerVerificationCodes.expiresAt, sql`now()`),
        sql`${customerVerificationCodes.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({
      id: customerVerificationCodes.id,
      codeHash: customerVerificationCodes.codeHash,
    });
  return row ?? null;
}

/** Uses the code once: false when a parallel request used it first. */
export async function useCode(tx: Db, tenantId: string, codeId: string) {
  const rows = await tx
    .update(customerVerificationCodes)
    .set({ usedAt: sql`now()` })
    .where(
      ownedWhere(
        customerVerificationCodes,
        tenantId,
        { id: codeId },
        isNull(customerVerificationCodes.usedAt),
      ),
    )
    .returning({ id: customerVerificationCodes.id });
  return rows.length > 0;
}

/** The text message, kept in the outbox like e-mails (no SMS gateway is wired yet). */
export async function enqueueSms(
  tx: Db,
  sms: { tenantId: string; kind: string; to: string; subject: string; text: string },
) {
  const [row] = await tx
    .insert(outbox)
    .values({
      tenantId: sms.tenantId,
      kind: sms.kind,
      toAddress: sms.to,
      subject: sms.subject,
      textBody: sms.text,
      status: 'logged',
    })
    .returning({ id: outbox.id });
  return row!.id;
}

// ---- Sessions ---------------------------------------------------------------------------------

export async function createSession(
  tx: Db,
  values: {
    tenantId: string;
    customerId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
) {
  await tx
    .insert(customerSessions)
    .values({ ...values, customerId: customerWithin(values.tenantId, values.customerId) });
  await tx
    .update(customers)
    .set({ lastSignInAt: sql`now()` })
    .where(and(ownedBy(customers, values.tenantId), eq(customers.id, values.customerId)));
}

export async function revokeSession(db: Db, tenantId: string, sessionId: string) {
  await db
    .update(customerSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      ownedWhere(customerSessions, tenantId, { id: sessionId }, isNull(customerSessions.revokedAt)),
    );
}

/** Whether the customer started a session from `ip` within the last `days`. */
export async function signedInFrom(
  db: Db,
  tenantId: string,
  customerId: string,
  ip: string,
  days: number,
) {
  const [row] = await db
    .select({ id: customerSessions.id })
    .from(customerSessions)
    .where(
      ownedWhere(
        customerSessions,
        tenantId,
        { customerId, ip },
        gt(customerSessions.createdAt, new Date(Date.now() - days * 86_400_000)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
