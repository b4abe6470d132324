import type { OrderOutlet } from '@kopi/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared';
import { outlets } from '../db/schema/tenancy';
import type { AuthedContext } from './request-context';
import { boundOutletOf, tenantIdOf } from './caller-tenant';
import { ownedBy } from '../db/tenant-scope';

// The outlets a screen's reads cover, for its outlet filter (the order screens, the report, the
// dashboard): each screen answers them under its own read permission, so a role that reads orders
// or reports without read-outlet (the demo's finance) can still choose an outlet.

/** The tenant's outlets by code (only `onlyId` when given), whatever their status. */
export async function tenantOutlets(db: Db, tenantId: string, onlyId: string | null) {
  return runPrepared(
    db
      .select({
        id: outlets.id,
        code: outlets.code,
        name: outlets.name,
        status: outlets.status,
        timezone: outlets.timezone,
      })
      .from(outlets)
      .where(and(ownedBy(outlets, tenantId), onlyId ? eq(outlets.id, onlyId) : undefined))
      .orderBy(asc(outlets.code), asc(outlets.id)),
  );
}

/**
 * The outlets the caller reads: an outlet-bound user theirs, others every outlet of the tenant,
 * disabled ones included (their past orders and sales stay readable).
 */
export async function readableOutletsOf(db: Db, ctx: AuthedContext): Promise<OrderOutlet[]> {
  const rows = await tenantOutlets(db, tenantIdOf(ctx), boundOutletOf(ctx));
  return rows.map((o) => ({ ...o, status: o.status as OrderOutlet['status'] }));
}
