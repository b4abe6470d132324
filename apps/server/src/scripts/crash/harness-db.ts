import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { sleep } from './load-kit';

// What the crash test does to its database directly, around the server rather than through it:
// opening the outlets round the clock, and between a kill and the restart, waiting for the dead
// server's connections to end and aging the Idempotency-Key reservations it left behind.

/** Opening hours round the clock, so app orders are taken whenever the test runs. */
const allDay = Array.from({ length: 7 }, (_, day) => ({
  day,
  ranges: [
    { open: '00:00', close: '12:00' },
    { open: '12:00', close: '00:00' },
  ],
}));

export async function prepareOutlets(database: Database) {
  await database.db.execute(sql`
    update outlets set hours = ${JSON.stringify(allDay)}::jsonb, last_order_minutes = 0,
      accepting_orders = true`);
  await database.db.execute(sql`delete from outlet_closures`);
}

/** Waits until the killed server's connections are gone (their transactions rolled back). */
export async function waitForBackendsGone(database: Database) {
  for (let i = 0; i < 100; i++) {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and application_name <> 'kopi-crash-harness' and backend_type = 'client backend'`),
    );
    if (row!.n === 0) return;
    await sleep(50);
  }
  throw new Error("the killed server's database connections did not end");
}

/**
 * A killed request can leave its Idempotency-Key reserved as in flight; the server retakes such a
 * reservation once it is two minutes old (it cannot tell a dead request from a slow one on
 * another instance). With the only server dead, every reservation in flight is abandoned: the
 * test ages them instead of waiting the two minutes, so the retries run now. Returns how many.
 */
export async function ageAbandonedReservations(database: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`
      with aged as (
        update idempotency_keys set created_at = created_at - interval '1 hour'
        where status = 'in_flight' returning 1)
      select count(*)::int as n from aged`),
  );
  return row!.n;
}
