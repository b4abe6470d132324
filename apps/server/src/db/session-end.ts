import { type SQL, sql } from 'drizzle-orm';
import { publishSessionsEnded } from '../lib/live-events';
import type { Db } from './database';
import { sessions } from './schema/access';

// Ending sessions, whoever ends them (sign-out, the user's own device list, an administrator):
// the rows are marked with the reason and the live channel is told in the same transaction, so
// open websockets of those sessions close. Which sessions, and within which tenant, is the
// caller's condition.

/** Ends the sessions `where` picks, with `reason`; answers how many it ended. */
export async function endSessionsWhere(
  tx: Db,
  where: SQL | undefined,
  reason: string,
): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(where)
    .returning({
      id: sessions.id,
      tenantId: sessions.tenantId,
      actingTenantId: sessions.actingTenantId,
    });
  await publishSessionsEnded(tx, rows);
  return rows.length;
}
