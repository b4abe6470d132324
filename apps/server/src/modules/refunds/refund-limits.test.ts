import { type RefundStatus, refundSchema } from '@kopi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access';
import { refunds } from '../../db/schema/refunds';
import { tenants } from '../../db/schema/tenancy';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { addProduct, demoTenantId, testClock } from '../../test/order-fixtures';
import {
  amountRefund,
  cardOrder,
  movedRefund,
  moveRefund,
  refundOf,
} from '../../test/refund-fixtures';
import { engine } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// A manager (bound to an outlet) approves refunds up to the tenant's limit per order: what they
// have approved on the order (still counting: approved, paid out, completed), plus this refund.
// Splitting a refund into parts under the limit gains nothing; finance and admins have no limit.
// Two approvals at once on one order queue on the order row, so they never both pass.

const NOON_KL = '2026-06-10T04:00:00Z';
const clock = testClock(NOON_KL);
const LIMIT = 5000; // RM 50.00
const PRICE = 20_000; // RM 200.00 → RM 212.00 with SST
const PAID = 21_200;

let kl: string;
let product: string;

const { t, api, as } = useTestApp({
  now: clock.now,
  signIn: ['admin', 'cashier', 'manager', 'finance'],
  poolMax: 16,
});
const { admin, cashier, manager, finance } = as;

beforeAll(async () => {
  ({ kl } = await demoOutletIds(t));
  product = (await addProduct(t, { sku: 'RM-LIMIT', price: PRICE })).id;
  const tenantId = await demoTenantId(t);
  await t.database.db
    .update(tenants)
    .set({ refundManagerLimit: LIMIT })
    .where(eq(tenants.id, tenantId));
});

const order = () => cardOrder(t, admin, kl, product, PAID);

/** A PENDING card refund of `amount` on `orderId`, asked for by the cashier. */
const asked = (orderId: string, amount: number) =>
  refundOf(t, cashier, amountRefund(orderId, amount));

const to = (status: RefundStatus) => ({
  status,
  ...(status === 'REJECTED' ? { reason: 'Not our mistake' } : {}),
});

const approve = (headers: typeof manager, id: string) => moveRefund(t, headers, id, to('APPROVED'));

async function allowedFor(headers: typeof manager, id: string) {
  const res = await api.get(`/api/refunds/${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return refundSchema.parse(res.json().data).allowed_statuses;
}

describe("a manager's limit per order", () => {
  it('passes approvals that together reach the limit exactly, and refuses one sen past it', async () => {
    const o = await order();
    const first = await asked(o.id, LIMIT - 1);
    const second = await asked(o.id, 1);
    const third = await asked(o.id, 1);
    expect((await movedRefund(t, manager, first.id, to('APPROVED'))).status).toBe('APPROVED');
    expect(await allowedFor(manager, second.id)).toEqual(['APPROVED', 'REJECTED']);
    expect((await movedRefund(t, manager, second.id, to('APPROVED'))).status).toBe('APPROVED');
    // LIMIT - 1 + 1 approved: one more sen is over.
    expect(await allowedFor(manager, third.id)).toEqual(['REJECTED']);
    expectCode(await approve(manager, third.id), 403, 'refund_above_manager_limit');
    expect((await movedRefund(t, finance, third.id, to('APPROVED'))).status).toBe('APPROVED');
  });

  it('refuses the second of three RM 50 refunds on one order, as it refuses one of RM 60', async () => {
    const o = await order();
    const single = await asked(o.id, 6000);
    expectCode(await approve(manager, single.id), 403, 'refund_above_manager_limit');
    const parts = [await asked(o.id, LIMIT), await asked(o.id, LIMIT), await asked(o.id, LIMIT)];
    expect((await movedRefund(t, manager, parts[0]!.id, to('APPROVED'))).status).toBe('APPROVED');
    for (const part of parts.slice(1)) {
      const res = expectCode(await approve(manager, part.id), 403, 'refund_above_manager_limit');
      expect(res.message).toContain('RM 50.00');
    }
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, parts[1]!.id));
    expect(row).toMatchObject({ status: 'PENDING', approvedBy: null });
  });

  it("counts the manager's approvals still counting, completed too, not rejections or others'", async () => {
    const o = await order();
    const byFinance = await asked(o.id, LIMIT);
    await movedRefund(t, finance, byFinance.id, to('APPROVED'));
    const rejected = await asked(o.id, LIMIT);
    await movedRefund(t, manager, rejected.id, to('REJECTED'));
    const completed = await asked(o.id, 3000);
    await movedRefund(t, manager, completed.id, to('APPROVED'));
    await movedRefund(t, manager, completed.id, to('COMPLETED'));
    // Another order's approvals count on that order only.
    const elsewhere = await asked((await order()).id, LIMIT);
    await movedRefund(t, manager, elsewhere.id, to('APPROVED'));
    const over = await asked(o.id, LIMIT - 3000 + 1);
    expectCode(await approve(manager, over.id), 403, 'refund_above_manager_limit');
    const exact = await asked(o.id, LIMIT - 3000);
    expect((await movedRefund(t, manager, exact.id, to('APPROVED'))).status).toBe('APPROVED');
  });

  it('leaves finance and admins without a limit', async () => {
    const o = await order();
    for (const headers of [finance, admin, finance]) {
      const refund = await asked(o.id, LIMIT);
      expect((await movedRefund(t, headers, refund.id, to('APPROVED'))).status).toBe('APPROVED');
    }
  });
});

describe.runIf(engine === 'postgres')('approvals at once on one order', () => {
  const PARALLEL = 8;
  const AMOUNT = 2000; // RM 20.00: two fit under RM 50.00, a third does not

  it('let exactly as many through as the limit holds', async () => {
    const o = await order();
    const asks: Awaited<ReturnType<typeof asked>>[] = [];
    for (let i = 0; i < PARALLEL; i++) asks.push(await asked(o.id, AMOUNT));
    const answers = await Promise.all(asks.map((r) => approve(manager, r.id)));
    const fits = Math.floor(LIMIT / AMOUNT);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      ...Array<number>(fits).fill(200),
      ...Array<number>(PARALLEL - fits).fill(403),
    ]);
    for (const r of answers.filter((a) => a.statusCode === 403)) {
      expect((r.json() as { code_message: string }).code_message).toBe(
        'refund_above_manager_limit',
      );
    }
    const [approved] = await t.database.db
      .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .innerJoin(users, eq(users.id, refunds.approvedBy))
      .where(and(eq(refunds.orderId, o.id), eq(users.username, 'manager')));
    expect(approved!.sum).toBe(fits * AMOUNT);
  });
});
