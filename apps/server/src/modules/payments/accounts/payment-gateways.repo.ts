import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { paymentGateways } from '../../../db/schema/payments';
import { ownedWithin } from '../../../db/tenant-scope';

// A business's payment gateways, or the platform's own (tenant null). Every query filters by the
// owner: a tenant's rows, or for null the platform's rows only.

export type PaymentGatewayRow = typeof paymentGateways.$inferSelect;
type Owner = string | null;
type Settings = Pick<
  typeof paymentGateways.$inferInsert,
  'mode' | 'credentials' | 'methods' | 'isDefault' | 'enabled' | 'updatedBy'
>;

const owned = (owner: Owner) => ownedWithin(paymentGateways, owner);

export async function list(db: Db, owner: Owner): Promise<PaymentGatewayRow[]> {
  return db
    .select()
    .from(paymentGateways)
    .where(owned(owner))
    .orderBy(asc(paymentGateways.provider));
}

export async function findById(db: Db, owner: Owner, id: string) {
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(and(owned(owner), eq(paymentGateways.id, id)));
  return row;
}

export async function findByProvider(db: Db, owner: Owner, provider: string) {
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(and(owned(owner), eq(paymentGateways.provider, provider)));
  return row;
}

export async function insert(
  tx: Db,
  values: Settings & { tenantId: Owner; provider: string },
): Promise<string> {
  const [row] = await tx
    .insert(paymentGateways)
    .values(values)
    .returning({ id: paymentGateways.id });
  return row!.id;
}

export async function update(tx: Db, owner: Owner, id: string, values: Settings, at: Date) {
  await tx
    .update(paymentGateways)
    .set({ ...values, updatedAt: at })
    .where(and(owned(owner), eq(paymentGateways.id, id)));
}

/** One default per owner: the others stop being it. */
export async function clearOtherDefaults(tx: Db, owner: Owner, id: string) {
  await tx
    .update(paymentGateways)
    .set({ isDefault: false })
    .where(and(owned(owner), ne(paymentGateways.id, id), eq(paymentGateways.isDefault, true)));
}

export async function remove(tx: Db, owner: Owner, id: string) {
  await tx.delete(paymentGateways).where(and(owned(owner), eq(paymentGateways.id, id)));
}
