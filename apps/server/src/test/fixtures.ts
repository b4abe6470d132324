import type { BusinessSettingsInput } from '@kopi/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rolePermissions, roles, users } from '../db/schema/access';
import { auditLog } from '../db/schema/platform';
import { liveEvents } from '../db/schema/live';
import { outlets, tenants } from '../db/schema/tenancy';
import { DEMO_PASSWORD } from '../db/seed-data';
import { createPasswordHasher } from '../lib/password';
import type { TestApp } from './test-app';

// Extra data for tests: a second tenant, users with chosen permissions.

/** A valid tenant body for POST and PUT /api/tenants: Malaysian SST and service charge. */
export const tenantBody = (slug: string, name = `Kopi ${slug}`) => ({
  name,
  slug,
  legal_name: `${name} Sdn Bhd`,
  service_tax_rate_bp: 600,
  service_charge_rate_bp: 1000,
  service_charge_methods: ['dine_in'],
  service_charge_taxable: true,
  cash_rounding: true,
  timezone: 'Asia/Kuala_Lumpur',
  business_day_cutoff_hour: 4,
});

export async function createTenant(t: TestApp, slug: string) {
  const [tenant] = await t.database.db
    .insert(tenants)
    .values({ name: `Tenant ${slug}`, slug })
    .returning();
  const [outlet] = await t.database.db
    .insert(outlets)
    .values({ tenantId: tenant!.id, code: 'X01', name: `${slug} outlet` })
    .returning();
  return { tenant: tenant!, outlet: outlet! };
}

/** A user with a fresh role holding exactly `permissions`; password `Kopi@1234`. */
export async function createUser(
  t: TestApp,
  options: {
    username: string;
    tenantId: string | null;
    permissions: string[];
    outletId?: string | null;
  },
) {
  const { db } = t.database;
  const [role] = await db
    .insert(roles)
    .values({ tenantId: options.tenantId, name: `role-${options.username}` })
    .returning();
  if (options.permissions.length > 0) {
    await db.insert(rolePermissions).values(
      options.permissions.map((permission) => ({
        roleId: role!.id,
        permission,
        tenantId: options.tenantId,
      })),
    );
  }
  const passwordHash = await createPasswordHasher(t.config.passwordHashing).hash(DEMO_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      tenantId: options.tenantId,
      username: options.username,
      fullname: `User ${options.username}`,
      roleId: role!.id,
      idOutlet: options.outletId ?? null,
      passwordHash,
    })
    .returning();
  return user!;
}

/** A user made by `createUser`, signed in: their bearer headers. */
export async function signedInUser(t: TestApp, options: Parameters<typeof createUser>[1]) {
  await createUser(t, options);
  return t.bearer((await t.login(options.username)).token);
}

export async function userByUsername(t: TestApp, username: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  return user!;
}

type TenantValues = Partial<typeof tenants.$inferInsert>;

/** Sets columns of the demo tenant, which every test file shares: a test puts them back after. */
export async function setDemoTenant(t: TestApp, values: TenantValues) {
  await t.database.db.update(tenants).set(values).where(eq(tenants.slug, 'kopi-demo'));
}

/** Runs `fn` with the demo tenant's `values` set, then sets `restore`, whatever `fn` does. */
export async function withDemoTenant<T>(
  t: TestApp,
  values: TenantValues,
  restore: TenantValues,
  fn: () => Promise<T>,
): Promise<T> {
  await setDemoTenant(t, values);
  try {
    return await fn();
  } finally {
    await setDemoTenant(t, restore);
  }
}

/** The rows of `table` whose `column` is one of `values`, in `order` (the column by default). */
export async function rowsIn<T extends PgTable>(
  t: TestApp,
  table: T,
  column: PgColumn,
  values: string[],
  order: PgColumn = column,
) {
  const rows = await t.database.db
    .select()
    .from(table as PgTable)
    .where(inArray(column, values))
    .orderBy(asc(order));
  return rows as T['$inferSelect'][];
}

/** Writes one row straight to the database (no service, no audit) and answers it as stored. */
export async function insertRow<T extends PgTable>(
  t: TestApp,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await t.database.db
    .insert(table as PgTable)
    .values(values)
    .returning();
  return row as T['$inferSelect'];
}

/** Sets `values` on one row of `table` (by id), straight in the database (no service, no audit). */
export async function updateRow<T extends PgTable & { id: PgColumn }>(
  t: TestApp,
  table: T,
  id: string,
  values: Partial<T['$inferInsert']>,
) {
  await t.database.db
    .update(table as PgTable)
    .set(values)
    .where(eq(table.id, id));
}

/** The newest row of `table` whose `column` is `value`, or undefined when there is none. */
export async function newestRow<T extends PgTable & { createdAt: PgColumn }>(
  t: TestApp,
  table: T,
  column: PgColumn,
  value: string,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await t.database.db
    .select()
    .from(table as PgTable)
    .where(eq(column, value))
    .orderBy(desc(table.createdAt))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** The newest audit entry of an action, or undefined when none was written. */
export const latestAudit = (t: TestApp, action: string) =>
  newestRow(t, auditLog, auditLog.action, action);

/** The audit entries of an action on one entity (`entity_id`), oldest or newest first alike. */
export function auditsOf(t: TestApp, action: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

/** The live events about one order (`id_order`) or refund (`id_refund`), in the stream's order. */
export function liveEventsAbout(t: TestApp, key: 'id_order' | 'id_refund', id: string) {
  return t.database.db
    .select()
    .from(liveEvents)
    .where(sql`${liveEvents.message}->>${key}::text = ${id}`)
    .orderBy(asc(liveEvents.id));
}

/** A new password and its confirmation, as the password forms send them. */
export const newPassword = (password: string, confirmation = password) => ({
  password,
  password_confirmation: confirmation,
});

/** The demo tenant's business settings as seeded (PUT /api/tenant-settings body). */
export const demoBusinessSettings: BusinessSettingsInput = {
  sst_registration_no: 'W10-1808-32000123',
  service_tax_rate_bp: 600,
  service_charge_taxable: true,
  service_charge_rate_bp: 1000,
  service_charge_methods: ['dine_in'],
  cash_rounding: true,
  brn: '202301012345',
  tin: 'C2584563200',
  receipt_header: null,
  receipt_footer: null,
  receipt_header_my: null,
  receipt_footer_my: null,
  shifts_required: true,
  shift_variance_tolerance: 500,
  manual_discount_max_bp: 2000,
  shift_blind_count: false,
  cash_out_approval_over: null,
  business_day_cutoff_hour: 4,
};
