import type { Db } from '../db/database';
import { auditLog } from '../db/schema/platform';
import type { RequestContext } from './request-context';

// The audit trail (DESIGN §5): every successful write records who, what, before, after, when and
// from where. Services call `audit.record` with the transaction of the write itself, so the entry
// exists exactly when the change does.

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the actor's tenant; set it when acting on another tenant's data. */
  tenantId?: string | null;
  /** For writes without a signed-in actor (sign-in itself, password reset). */
  actor?: { id: string; username: string; tenantId: string | null };
}

// Secrets never reach the trail, whatever a caller passes.
const SECRET_KEYS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'old_password',
  'password_confirmation',
  'twoStepSecret',
  'two_step_secret',
  'token',
  'refresh_token',
  'tokenHash',
  'token_hash',
  'codeHash',
  'code_hash',
  'pin',
  'pin_confirm',
  'pinHash',
  'pin_hash',
]);

export function redact(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/**
 * A customer's phone as the trail may show it: the country code and the last four digits
 * (`+60•••••8564`), enough for staff to tell customers apart, too little to call anyone. The log
 * is append-only, so a full phone or a name written into it would outlive anonymising (decision
 * 051); entries name the customer by id. Anything that is not a phone number shows as bullets.
 */
export function maskPhone(phone: string): string {
  return /^\+\d{8,15}$/.test(phone) ? `${phone.slice(0, 3)}•••••${phone.slice(-4)}` : '•••';
}

export type AuditRow = typeof auditLog.$inferInsert;

/** The audit_log row of an entry, for writes that insert it within a larger statement. */
export function auditRow(context: RequestContext, entry: AuditEntry): AuditRow {
  const actor =
    entry.actor ??
    (context.principal
      ? {
          id: context.principal.userId,
          username: context.principal.username,
          tenantId: context.principal.tenantId,
        }
      : null);
  return {
    tenantId: entry.tenantId !== undefined ? entry.tenantId : (actor?.tenantId ?? null),
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    ip: context.ip,
    userAgent: context.userAgent,
    requestId: context.requestId,
  };
}

export const audit = {
  async record(tx: Db, context: RequestContext, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values(auditRow(context, entry));
  },
};

/**
 * Runs `write` in one transaction with its audit entry, so the entry exists exactly when the
 * change does. `entry` may be built from what the write answers (a new row's id).
 */
export async function audited<T>(
  db: Db,
  context: RequestContext,
  entry: AuditEntry | ((result: T) => AuditEntry),
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    await audit.record(tx, context, typeof entry === 'function' ? entry(result) : entry);
    return result;
  });
}

// The entries of the plain writes, named `<entity>.<verb>` as the audit log screen groups them.

/** A create: the entry takes the new row's id once the write answers it. */
export const createdEntry =
  (entity: string, after: unknown, extra: Partial<AuditEntry> = {}) =>
  (entityId: string): AuditEntry => ({
    action: `${entity}.create`,
    entity,
    entityId,
    ...extra,
    after,
  });

/** An update of a row: what it was and what was asked for. */
export const updatedEntry = (
  entity: string,
  entityId: string,
  before: unknown,
  after: unknown,
  extra: Partial<AuditEntry> = {},
): AuditEntry => ({ action: `${entity}.update`, entity, entityId, ...extra, before, after });

/** A delete of a row: what it was. */
export const deletedEntry = (entity: string, entityId: string, before: unknown): AuditEntry => ({
  action: `${entity}.delete`,
  entity,
  entityId,
  before,
});

/**
 * A user acting on their own account without a signed-in session (a password reset by link): the
 * user is the actor and the entity, in their own tenant.
 */
export const byUserThemself = (user: {
  id: string;
  username: string;
  tenantId: string | null;
}) => ({
  entity: 'user',
  entityId: user.id,
  actor: { id: user.id, username: user.username, tenantId: user.tenantId },
  tenantId: user.tenantId,
});
