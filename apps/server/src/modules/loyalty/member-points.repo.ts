import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';

// A customer's standing as the app shows it: points and tier.

export async function memberOf(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({
      id: customers.id,
      points: customers.points,
      tierId: customers.tierId,
    })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}
