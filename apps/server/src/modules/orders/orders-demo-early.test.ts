import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { demoTenantId, testClock } from '../../test/order-fixtures';
import { useDemoOrdersApp } from '../../test/use-test-app';

// The demo seeded before the outlets open (after the 04:00 cut-off, before 07:00 at KL): today's
// open orders are still there for the board and the POS, rung up early outside the hours, and
// none falls before today's business day began.

const clock = testClock('2026-06-10T21:30:00Z'); // Thursday 05:30 in Kuala Lumpur
const { t } = useDemoOrdersApp({ now: clock.now });
let tenantId: string;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
});

describe('demo orders seeded before opening time', () => {
  it('leave today open orders at every outlet open today, early and outside the hours', async () => {
    const today = rowsOf<{
      code: string;
      n: number;
      open: number;
      outside: number;
      before_start: number;
    }>(
      await t.database.db.execute(sql`
        select o.code, count(*)::int as n,
          count(*) filter (where r.status in ('PENDING', 'APPROVED'))::int as open,
          count(*) filter (where r.outside_hours)::int as outside,
          count(*) filter (
            where r.created_at < timestamptz '2026-06-11 04:00:00+08')::int as before_start
        from orders r join outlets o on o.id = r.outlet_id
        where r.tenant_id = ${tenantId} and r.business_date = '2026-06-11'
        group by 1 order by 1`),
    );
    // Every demo outlet trades on Thursdays.
    expect(today.map((d) => d.code)).toEqual(['JB01', 'KL01', 'PG01']);
    for (const d of today) {
      expect(d.n).toBeGreaterThanOrEqual(4);
      expect(d.open).toBeGreaterThanOrEqual(1);
      expect(d.outside).toBe(d.n);
      expect(d.before_start).toBe(0);
    }
  });
});
