import { codedReason } from '@kopi/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { lockCustomer } from './ledgers.repo';
import { type LedgerActor, postPoints } from './ledgers.service';
import * as repo from './points-expiry.repo';
import { recalculateTenantTiers } from './tiers.service';

// Points expire the business's points_expiry_months after they were earned, oldest first: a
// sweep expires, per customer, what is left of the points earned before the cut-off (each
// customer under their own lock, re-read there, so a redemption in between is counted), once per
// customer and cut-off day whatever the sweeps and instances. Every customer's tier is then
// recalculated, so tiers also fall as old points leave the 12 months they are measured over.

const system: LedgerActor = { kind: 'system', name: 'Points expiry' };

/** How often the server sweeps; the cut-off moves by the day, so a few sweeps a day suffice. */
export const EXPIRY_SWEEP_MS = 6 * 3_600_000;

/** `at` minus `months` calendar months (UTC). */
export function expiryCutoff(at: Date, months: number): Date {
  const cutoff = new Date(at.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export interface ExpirySweep {
  /** Customers whose points expired, and how many points went. */
  customers: number;
  points: number;
}

/** One sweep of every business as of `at` (tests pass their own clock). */
export async function sweepPointsExpiry(db: Db, at: Date): Promise<ExpirySweep> {
  const swept: ExpirySweep = { customers: 0, points: 0 };
  for (const { tenantId, months } of await repo.tenantsWithExpiry(db)) {
    const cutoff = expiryCutoff(at, months);
    const day = cutoff.toISOString().slice(0, 10);
    for (const customerId of await repo.expiryCandidates(db, tenantId, cutoff)) {
      const posted = await db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, tenantId, customerId))) return null;
        const left = await repo.outstandingBefore(tx, tenantId, customerId, cutoff);
        if (left <= 0) return null;
        const entry = await postPoints(tx, {
          tenantId,
          customerId,
          kind: 'expiry',
          points: -left,
          clampToBalance: true,
          idempotencyKey: `expiry:${customerId}:${day}`,
          reason: codedReason('points_expired', { before: day }),
          actor: system,
        });
        return entry && !entry.duplicate ? entry.entry : null;
      });
      if (posted) {
        swept.customers += 1;
        swept.points -= posted.points;
      }
    }
    await db.transaction((tx) => recalculateTenantTiers(tx, tenantId, at));
  }
  return swept;
}

/** Sweeps every EXPIRY_SWEEP_MS (and once a minute after start); answers the stop. */
export function schedulePointsExpiry(
  db: Db,
  now: Clock,
  onError: (error: unknown) => void,
  everyMs = EXPIRY_SWEEP_MS,
): () => void {
  const run = () => {
    sweepPointsExpiry(db, now()).catch(onError);
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
