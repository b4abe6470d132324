import { refundStatuses } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/refunds';
import { useDemoOrdersApp } from '../../test/use-test-app';

// The demo seed's refunds: every status a refund rests in, across the outlets, each within what
// its order paid, and the completed ones added to their orders.

const { t, api, as } = useDemoOrdersApp({ signIn: ['finance'] });

describe('demo refunds', () => {
  it('rest in every status but CREATED, across outlets, never above what was paid', async () => {
    const db = t.database.db;
    const rows = await db.select().from(refunds);
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(refundStatuses.filter((s) => s !== 'CREATED').sort());
    expect(new Set(rows.map((r) => r.outletId)).size).toBeGreaterThan(1);
    const perOrder = await db
      .select({
        paid: orders.paid,
        refunded: orders.refunded,
        completed: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.completedAt} is not null), 0)::int`,
        counted: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} <> 'REJECTED' and ${refunds.completedAt} is not null or ${refunds.status} not in ('REJECTED', 'CLOSED')), 0)::int`,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .groupBy(orders.id);
    for (const o of perOrder) {
      expect(o.counted).toBeLessThanOrEqual(o.paid);
      expect(o.refunded).toBe(o.completed);
    }
    const list = await api.get('/api/refunds?page_size=100', as.finance);
    expect(list.json().meta.total).toBe(rows.length);
  });

  it("keeps the bank's PDF slip as proof of every bank transfer paid out", async () => {
    const paidOut = (await t.database.db.select().from(refunds)).filter(
      (r) => r.method === 'bank_transfer' && r.transferReference,
    );
    expect(paidOut.length).toBeGreaterThan(0);
    for (const r of paidOut) {
      const refund = (await api.get(`/api/refunds/${r.id}`, as.finance)).json().data;
      const slip = await api.get(refund.proof_url, as.finance);
      expect(slip.headers['content-type']).toBe('application/pdf');
      expect(slip.rawPayload.toString('latin1')).toContain(`(Reference: ${r.transferReference})`);
    }
  });
});
