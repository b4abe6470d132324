import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedRowWhere } from '../../db/owned-rows';
import { customers } from '../../db/schema/customers';
import { voucherCodes } from '../../db/schema/vouchers';
import { ownedBy } from '../../db/tenant-scope';

// What the customer app's rewards read besides the rewards: the customer's points balance and
// the code an exchange issued. Every query filters by tenant_id.

/** The customer's points balance, or null when the tenant has no such customer. */
export async function pointsOf(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ points: customers.points })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row?.points ?? null;
}

/** The code of id `id` (an exchange's, drawn from its key), or null. */
export function codeById(db: Db, tenantId: string, id: string) {
  return ownedRowWhere(db, voucherCodes, tenantId, eq(voucherCodes.id, id));
}
