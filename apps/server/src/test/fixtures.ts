import type { BusinessSettingsInput } from '@kopi/contract';
import { desc, eq } from 'drizzle-orm';
import { rolePermissions, roles, users } from '../db/schema/access';
import { auditLog } from '../db/schema/platform';
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

/** The newest audit entry of an action, or undefined when none was written. */
export async function latestAudit(t: TestApp, action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
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
