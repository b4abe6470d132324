import { refundableSchema, salesReportSchema, zReportSchema } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../db/database';
import { askRefund, bank, movedRefund } from './refund-fixtures';
import { requestAs, type RequestHeaders, type TestApp } from './test-app';

// Refunds in a random stream of sales (the rollups property test): one random refund of a sale,
// asked for by one user and decided by another, left pending, rejected, completed (by transfer
// too) or completed and closed; and the checks that every report grouping nets the same after
// refunds and that every Z-report balances.

interface Random {
  int: (min: number, max: number) => number;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
}

/** Completed refunds count (CLOSED after completing too), on their own business day. */
const counted = sql`status in ('COMPLETED', 'CLOSED') and business_date is not null`;

function refundBody(
  r: Random,
  orderId: string,
  refundable: ReturnType<typeof refundableSchema.parse>,
) {
  const cash = refundable.by_method.find((m) => m.method === 'cash' && m.remaining > 0);
  const other = refundable.by_method.filter((m) => m.method !== 'cash' && m.remaining > 0);
  const method = r.pick([
    ...(cash ? (['cash'] as const) : []),
    ...(other.length > 0 ? (['original'] as const) : []),
    'bank_transfer' as const,
  ]);
  const cap =
    method === 'cash'
      ? cash!.remaining
      : method === 'original'
        ? Math.max(...other.map((m) => m.remaining))
        : refundable.remaining;
  const units = refundable.items.filter((i) => i.refundable_quantity > 0);
  const base = {
    order_id: orderId,
    method,
    reason: 'quality_issue',
    ...(method === 'bank_transfer' ? { bank } : {}),
  };
  if (units.length > 0 && r.chance(0.4)) {
    const item = r.pick(units);
    return {
      ...base,
      kind: 'items',
      items: [{ order_item_id: item.order_item_id, quantity: r.int(1, item.refundable_quantity) }],
    };
  }
  if (r.chance(0.25)) return { ...base, kind: 'full' };
  return { ...base, kind: 'amount', amount: r.int(1, Math.min(cap, refundable.remaining)) };
}

/**
 * A refund of a random sale with something left to refund: asked for by `asker`, then left
 * PENDING, REJECTED, or approved and completed (through the transfer states for a bank transfer,
 * by the provider's callback, which `settle` delivers, for an online payment) and sometimes
 * CLOSED, by `approver`. Answers what became of it (null: nothing to refund).
 */
export async function randomRefund(
  t: TestApp,
  r: Random,
  tenantId: string,
  asker: RequestHeaders,
  /** Who decides; `complete` pays it back when someone else must (a cash refund, from a drawer). */
  deciders: RequestHeaders | { approve: RequestHeaders; complete: RequestHeaders },
  settle: () => Promise<void>,
): Promise<string | null> {
  const split = typeof deciders.approve === 'object';
  const approver = split ? (deciders.approve as RequestHeaders) : (deciders as RequestHeaders);
  const completer = split ? (deciders.complete as RequestHeaders) : (deciders as RequestHeaders);
  const sales = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      select id::text from orders
      where tenant_id = ${tenantId}::uuid and kopi_is_sale(status) and paid > refunded
      order by created_at, id`),
  );
  if (sales.length === 0) return null;
  const orderId = r.pick(sales).id;
  const res = await requestAs(t).get(`/api/orders/${orderId}/refundable`, asker);
  expect(res.statusCode, res.body).toBe(200);
  const refundable = refundableSchema.parse(res.json().data);
  if (refundable.remaining <= 0) return null;
  const asked = await askRefund(t, asker, refundBody(r, orderId, refundable));
  // An item or full refund by one method can ask for more than that method has left.
  if (asked.statusCode === 409) {
    expect(asked.json().code_message).toBe('refund_exceeds_paid');
    return 'refused';
  }
  expect(asked.statusCode, asked.body).toBe(201);
  const refund = asked.json().data as { id: string; method: string };
  if (r.chance(0.15)) return 'pending';
  if (r.chance(0.15)) {
    await movedRefund(t, approver, refund.id, { status: 'REJECTED', reason: 'Not our mistake' });
    return 'rejected';
  }
  const path =
    refund.method === 'bank_transfer'
      ? ['APPROVED', 'WAITING TRANSFER', 'TRANSFERED', 'COMPLETED']
      : ['APPROVED', 'COMPLETED'];
  if (r.chance(0.25)) path.push('CLOSED');
  for (const status of path) {
    const moved = await movedRefund(t, status === 'COMPLETED' ? completer : approver, refund.id, {
      status,
      ...(status === 'TRANSFERED' ? { transfer_reference: 'MBB-0001' } : {}),
    });
    // Paid back through the payment's provider: its callback completes it, not the staff.
    if (moved.provider_payout === 'pending') {
      await settle();
      path.splice(path.indexOf('COMPLETED'), 1);
    }
  }
  const last = path.at(-1)!;
  return (last === 'APPROVED' ? 'completed' : last).toLowerCase();
}

/**
 * Every report grouping over every business day with sales or refunds nets the same after
 * refunds, and that equals Σ sale totals − Σ completed refunds from the raw rows: by day, outlet,
 * source and serving method (net − refunds of each row), by payment method (payment amounts less
 * refunds by method); the product rows carry every completed item refund.
 */
export async function expectNetAfterRefunds(
  t: TestApp,
  headers: RequestHeaders,
  tenantId: string,
  note: string,
) {
  const db = t.database.db;
  const [raw] = rowsOf<{
    from: string | null;
    to: string | null;
    net: number;
    refunds: number;
    items: number;
  }>(
    await db.execute(sql`
      select
        least((select min(business_date) from orders where tenant_id = ${tenantId}::uuid),
          (select min(business_date) from refunds where tenant_id = ${tenantId}::uuid))::text as from,
        greatest((select max(business_date) from orders where tenant_id = ${tenantId}::uuid),
          (select max(business_date) from refunds where tenant_id = ${tenantId}::uuid))::text as to,
        (select coalesce(sum(total), 0)::int from orders
          where tenant_id = ${tenantId}::uuid and kopi_is_sale(status)) as net,
        (select coalesce(sum(amount), 0)::int from refunds
          where tenant_id = ${tenantId}::uuid and ${counted}) as refunds,
        (select coalesce(sum(ri.amount), 0)::int from refund_items ri
          join refunds on refunds.id = ri.refund_id
          where refunds.tenant_id = ${tenantId}::uuid and ${counted}) as items`),
  );
  if (!raw?.from || !raw.to) return;
  const expected = raw.net - raw.refunds;
  const report = async (groupBy: string) => {
    const res = await requestAs(t).get(
      `/api/reports/sales?group_by=${groupBy}&from=${raw.from}&to=${raw.to}&compare=none&limit=1000`,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    return salesReportSchema.parse(res.json().data);
  };
  for (const group of ['day', 'outlet', 'source', 'serving_method']) {
    const data = await report(group);
    const rows = data.rows as { current: { net: number; refunds: number } }[];
    const net = rows.reduce((sum, row) => sum + row.current.net - row.current.refunds, 0);
    expect(net, `net after refunds by ${group} ${note}`).toBe(expected);
    expect(data.totals.current.net - data.totals.current.refunds, `totals ${note}`).toBe(expected);
  }
  const byMethod = await report('payment_method');
  if (byMethod.group_by !== 'payment_method') throw new Error('a report by payment method');
  const paid = byMethod.rows.reduce((sum, row) => sum + row.current.amount, 0);
  const refunded = (byMethod.refunds_by_method ?? []).reduce((s, row) => s + row.current.amount, 0);
  expect(paid - refunded, `net after refunds by payment method ${note}`).toBe(expected);
  const byProduct = await report('product');
  if (byProduct.group_by !== 'product') throw new Error('a report by product');
  const items = byProduct.rows.reduce((sum, row) => sum + (row.current.refunded ?? 0), 0);
  expect(items, `item refunds by product ${note}`).toBe(raw.items);
}

/**
 * Every kept Z-report balances: its payment lines add up to its total, its refunds are the
 * completed refunds of its outlet and day by method, and the drawer's cash is the cash taken less
 * the cash refunded.
 */
export async function expectZReportsBalance(
  t: TestApp,
  headers: RequestHeaders,
  tenantId: string,
  note: string,
) {
  const db = t.database.db;
  const days = rowsOf<{ outlet_id: string; business_date: string }>(
    await db.execute(sql`
      select outlet_id::text, business_date::text from z_reports
      where tenant_id = ${tenantId}::uuid order by business_date, outlet_id`),
  );
  for (const day of days) {
    const res = await requestAs(t).get(
      `/api/orders/z-reports?outlet_id=${day.outlet_id}&business_date=${day.business_date}`,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const z = zReportSchema.parse(res.json().data);
    const where = `Z-report ${day.business_date} ${note}`;
    expect(
      z.by_payment_method.reduce((s, m) => s + m.amount, 0),
      where,
    ).toBe(z.total);
    const refunds = rowsOf<{ method: string; count: number; amount: number }>(
      await db.execute(sql`
        select coalesce(payment_method, 'bank_transfer') as method, count(*)::int as count,
          sum(amount)::int as amount
        from refunds
        where tenant_id = ${tenantId}::uuid and outlet_id = ${day.outlet_id}::uuid
          and business_date = ${day.business_date}::date and ${counted}
        group by 1`),
    );
    const byMethod = (rows: { method: string }[]) =>
      [...rows].sort((a, b) => (a.method < b.method ? -1 : 1));
    expect(byMethod(z.refunds_by_method), where).toEqual(byMethod(refunds));
    expect(z.refunds, where).toBe(refunds.reduce((s, m) => s + m.amount, 0));
    const cash = (rows: { method: string; amount: number }[]) =>
      rows.find((m) => m.method === 'cash')?.amount ?? 0;
    expect(z.expected_cash, where).toBe(cash(z.by_payment_method) - cash(z.refunds_by_method));
  }
  return days.length;
}
