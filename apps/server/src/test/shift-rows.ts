import type { Db } from '../db/database';
import { shifts, tills } from '../db/schema/shifts';

// Tills and open shifts written straight to the database, for tests that need one to act on
// (the authorization matrix's shift routes, the drawer's) without going through the counter.

/** A till of the outlet named `name`. */
export async function addTill(db: Db, tenantId: string, outletId: string, name: string) {
  const [row] = await db.insert(tills).values({ tenantId, outletId, name }).returning();
  return row!;
}

/** A shift open on a fresh till named `tillName`, opened by `cashier` on 2026-06-10, no float. */
export async function addOpenShift(
  db: Db,
  tenantId: string,
  outletId: string,
  cashier: { id: string; name: string },
  tillName: string,
) {
  const till = await addTill(db, tenantId, outletId, tillName);
  const [row] = await db
    .insert(shifts)
    .values({
      tenantId,
      outletId,
      tillId: till.id,
      cashierId: cashier.id,
      cashierName: cashier.name,
      businessDate: '2026-06-10',
      openedAt: new Date(),
      openingFloat: 0,
      floatCount: {},
    })
    .returning();
  return row!;
}
