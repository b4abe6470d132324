import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from './database';
import { createTestApp } from '../test/test-app';

const times = (process.env.PROBE_TIMES ?? '').split(',');
it('probe', async () => {
  const bad: unknown[] = [];
  for (const iso of times) {
    const at = new Date(iso);
    const started = Date.now();
    const speed = Number(process.env.PROBE_SPEED ?? '0');
    const t0 = Date.now();
    const t = await createTestApp({ config: { demoOrders: true }, now: () => new Date(at.getTime() + (Date.now() - t0) * speed) });
    const rows = rowsOf<{ id: string }>(await t.database.db.execute(sql`
      select r.id, r.status, o.order_no, o.created_at, (select json_agg(json_build_object('no', o2.order_no, 'at', o2.created_at, 'src', o2.source, 'disc', o2.discount))
        from customer_orders co2 join orders o2 on o2.id = co2.order_id
            where co2.customer_id = r.referee_id and o2.paid > 0 and o2.status <> 'REJECTED'
              and o2.created_at < o.created_at) as earlier
      from referrals r left join orders o on o.id = r.order_id
      where r.status in ('rewarded', 'reversed') and not exists (
        select 1 from customer_orders co join orders o on o.id = co.order_id
        where co.customer_id = r.referee_id and o.id = r.order_id and o.paid > 0
          and exists (select 1 from order_status_history h
            where h.order_id = o.id and h.to_status = 'COMPLETED' and h.at <= r.rewarded_at)
          and not exists (select 1 from customer_orders co2 join orders o2 on o2.id = co2.order_id
            where co2.customer_id = r.referee_id and o2.paid > 0 and o2.status <> 'REJECTED'
              and o2.created_at < o.created_at))`));
    console.log(iso, Date.now() - started, 'ms', JSON.stringify(rows));
    if (rows.length) bad.push({ iso, rows });
    await t.close();
  }
  expect(bad).toEqual([]);
}, 3_600_000);
