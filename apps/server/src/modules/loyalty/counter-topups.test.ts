import { randomUUID } from 'node:crypto';
import {
  counterTopupSchema,
  emptyCashCount,
  shiftSchema,
  walletLiabilitySchema,
} from '@kopi/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { counterTopups, walletEntries } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';
import { shifts, tills } from '../../db/schema/shifts';
import { tenants } from '../../db/schema/tenancy';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { createTenant, auditsOf } from '../../test/fixtures';
import { anonymous, engine, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { balanceOf, setWalletRules, walletCustomer } from '../../test/wallet-fixtures';

// A wallet top-up sold at the counter by cash or card: a `topup` entry in the wallet's ledger and
// a counter_topups row with its receipt number (<OUTLET>-T0001, per outlet and business day), in
// the till's open shift. Stored value, not goods: no order, nothing in the sales figures, but in
// the wallet's top-ups and liability, and a cash top-up's money in the shift's expected cash.

const { t, api, as } = useTestApp({ signIn: ['admin', 'cashier', 'finance', 'manager'] });
const db = () => t.database.db;
let tenantId: string;
let kl: string;
let pg: string;
let till: string;
let shiftId: string;

const url = (customerId: string) => `/api/customers/${customerId}/wallet/counter-topups`;
const topup = (
  customerId: string,
  body: Record<string, unknown>,
  headers: RequestHeaders = as.cashier,
  key: string = randomUUID(),
) => api.post(url(customerId), body, withIdempotencyKey(headers, key));

const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;
const shiftReport = async () => {
  const res = await api.get(`/api/shifts/${shiftId}`, as.cashier);
  expect(res.statusCode, res.body).toBe(200);
  return shiftSchema.parse(res.json().data);
};
const liability = async () => {
  const res = await api.get('/api/wallet-liability', as.finance);
  expect(res.statusCode, res.body).toBe(200);
  return walletLiabilitySchema.parse(res.json().data);
};

beforeAll(async () => {
  kl = (await demoOutlet(t, 'KL01')).id;
  pg = (await demoOutlet(t, 'PG01')).id;
  tenantId = (await db().select().from(tenants).where(eq(tenants.slug, 'kopi-demo')))[0]!.id;
  [till] = (await db().select({ id: tills.id }).from(tills).where(eq(tills.outletId, kl))).map(
    (r) => r.id,
  ) as [string];
  // The cashier opens a shift on KL01's till with a RM 100 float.
  const opened = await api.post(
    '/api/shifts',
    { till_id: till, float: { ...emptyCashCount(), note_100: 1 } },
    withIdempotencyKey(as.cashier),
  );
  expect(opened.statusCode, opened.body).toBe(201);
  shiftId = opened.json().data.id;
});

describe('a wallet top-up at the counter', () => {
  it('takes cash into the shift’s drawer, credits the wallet and numbers the receipt', async () => {
    const customer = await walletCustomer(db(), tenantId, { name: 'Nur Aina', balance: 1500 });
    const ordersBefore = await orderCount();
    const liabilityBefore = await liability();
    const res = await topup(customer.id, {
      outlet_id: kl,
      till_id: till,
      method: 'cash',
      amount: 5000,
      tendered: 6000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = counterTopupSchema.parse(res.json().data);
    // The balance after is the one before plus the amount; the change what was handed over less it.
    expect(receipt).toMatchObject({
      outlet_id: kl,
      outlet_code: 'KL01',
      till_id: till,
      shift_id: shiftId,
      method: 'cash',
      amount: 5000,
      tendered: 6000,
      change: 1000,
      wallet_balance: 1500 + 5000,
      customer: { id: customer.id, name: 'Nur Aina' },
    });
    expect(receipt.receipt_no).toMatch(/^KL01-T\d{4}$/);
    expect(await balanceOf(db(), customer.id)).toBe(6500);

    // The ledger's entry is a top-up, as an app top-up's is, and the trail names the receipt.
    const entries = await db()
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.customerId, customer.id));
    expect(
      entries.map((e) => [e.kind, e.amount, e.actorKind, e.reason, e.reasonCode, e.reasonParams]),
    ).toContainEqual([
      'topup',
      5000,
      'staff',
      null,
      'counter_topup',
      { receipt_no: receipt.receipt_no },
    ]);
    const [trail] = await auditsOf(t, 'wallet.counter_topup', customer.id);
    expect(trail?.after).toMatchObject({
      amount: 5000,
      method: 'cash',
      receipt_no: receipt.receipt_no,
    });

    // No order, no sale: the shift's sales stay as they were, its expected cash has the top-up.
    expect(await orderCount()).toBe(ordersBefore);
    const report = await shiftReport();
    expect(report.sales_total).toBe(0);
    expect(report.orders).toBe(0);
    expect(report.figures.cash_topups).toBe(5000);
    // Float RM 100 + the RM 50 top-up (the change never entered the drawer).
    expect(report.figures.expected).toBe(10_000 + 5000);
    expect(report.topups_by_method).toEqual([{ method: 'cash', count: 1, amount: 5000 }]);

    // In the wallet's figures as an app top-up is: the liability grows by the amount.
    const after = await liability();
    expect(after.outstanding - liabilityBefore.outstanding).toBe(5000);
    const sum = (l: typeof after) => l.days.reduce((s, d) => s + d.topups, 0);
    expect(sum(after) - sum(liabilityBefore)).toBe(5000);
  });

  it('takes a card with its slip reference, leaving the drawer alone', async () => {
    const customer = await walletCustomer(db(), tenantId, { name: 'Kumar' });
    const before = (await shiftReport()).figures;
    const res = await topup(customer.id, {
      outlet_id: kl,
      method: 'card',
      amount: 2000,
      reference: 'SLIP-7781',
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = counterTopupSchema.parse(res.json().data);
    expect(receipt).toMatchObject({
      method: 'card',
      tendered: null,
      change: 0,
      reference: 'SLIP-7781',
      wallet_balance: 2000,
    });
    const report = await shiftReport();
    expect(report.figures.expected).toBe(before.expected);
    expect(report.topups_by_method).toContainEqual({ method: 'card', count: 1, amount: 2000 });
  });

  it('answers a retry with the same top-up, once, and refuses the key with another body', async () => {
    const customer = await walletCustomer(db(), tenantId);
    const key = randomUUID();
    const body = { outlet_id: kl, method: 'cash', amount: 1000 };
    const first = await topup(customer.id, body, as.cashier, key);
    const again = await topup(customer.id, body, as.cashier, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().data.receipt_no).toBe(first.json().data.receipt_no);
    expect(await balanceOf(db(), customer.id)).toBe(1000);
    const rows = await db()
      .select({ n: count() })
      .from(counterTopups)
      .where(eq(counterTopups.customerId, customer.id));
    expect(rows[0]!.n).toBe(1);
    expect((await topup(customer.id, { ...body, amount: 2000 }, as.cashier, key)).statusCode).toBe(
      422,
    );
  });

  it('numbers two top-ups at once apart and credits both', async () => {
    const customer = await walletCustomer(db(), tenantId, { balance: 100 });
    const body = { outlet_id: kl, method: 'cash', amount: 700 };
    const [a, b] = await Promise.all([topup(customer.id, body), topup(customer.id, body)]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(a.json().data.receipt_no).not.toBe(b.json().data.receipt_no);
    expect(await balanceOf(db(), customer.id)).toBe(100 + 700 + 700);
    expect(
      [a.json().data.wallet_balance, b.json().data.wallet_balance].sort((x, y) => x - y),
    ).toEqual([800, 1500]);
  });

  it('numbers receipts one after another in the outlet’s day', async () => {
    const customer = await walletCustomer(db(), tenantId);
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await topup(customer.id, { outlet_id: kl, method: 'card', amount: 100 });
      numbers.push(Number(/T(\d+)$/.exec(res.json().data.receipt_no)![1]));
    }
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it('keeps the wallet under the tenant’s maximum, as an app top-up', async () => {
    await setWalletRules(db(), tenantId, { walletMaxBalance: 10_000 });
    try {
      const customer = await walletCustomer(db(), tenantId, { balance: 9_000 });
      expectCode(
        await topup(customer.id, { outlet_id: kl, method: 'cash', amount: 1_100 }),
        409,
        'wallet_balance_limit',
      );
      expect(await balanceOf(db(), customer.id)).toBe(9_000);
      const exact = await topup(customer.id, { outlet_id: kl, method: 'cash', amount: 1_000 });
      expect(exact.statusCode, exact.body).toBe(201);
    } finally {
      await setWalletRules(db(), tenantId, { walletMaxBalance: 100_000_000 });
    }
  });

  it('refuses a blocked customer', async () => {
    const customer = await walletCustomer(db(), tenantId, { status: 'disabled' });
    expectCode(
      await topup(customer.id, { outlet_id: kl, method: 'card', amount: 500 }),
      409,
      'customer_blocked',
    );
  });

  it('needs an open shift for cash where shifts are required, not for card', async () => {
    const customer = await walletCustomer(db(), tenantId);
    // PG01 has no open shift (the admin is bound to no outlet).
    expectCode(
      await topup(customer.id, { outlet_id: pg, method: 'cash', amount: 500 }, as.admin),
      409,
      'shift_required',
    );
    const card = await topup(customer.id, { outlet_id: pg, method: 'card', amount: 500 }, as.admin);
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().data).toMatchObject({ shift_id: null, outlet_code: 'PG01' });
  });

  it('asks sign-in, create-pos, and valid bodies', async () => {
    const customer = await walletCustomer(db(), tenantId);
    expectCode(
      await topup(customer.id, { outlet_id: kl, method: 'cash', amount: 500 }, anonymous),
      401,
      'unauthorized',
    );
    expectCode(
      await topup(customer.id, { outlet_id: kl, method: 'cash', amount: 500 }, as.finance),
      403,
      'forbidden',
    );
    expectCode(await api.get('/api/counter-topups/options', as.finance), 403, 'forbidden');
    for (const body of [
      { outlet_id: kl, method: 'cash', amount: 99 },
      { outlet_id: kl, method: 'cash', amount: 500, tendered: 400 },
      { outlet_id: kl, method: 'card', amount: 500, tendered: 500 },
      { outlet_id: kl, method: 'cheque', amount: 500 },
      { outlet_id: 'KL01', method: 'cash', amount: 500 },
    ]) {
      expectCode(await topup(customer.id, body), 400, 'validation_failed');
    }
    expectCode(
      await api.post(url(customer.id), { outlet_id: kl, method: 'cash', amount: 500 }, as.cashier),
      400,
      'idempotency_key_required',
    );
    expect(await balanceOf(db(), customer.id)).toBe(0);
  });

  it('answers 404 for another tenant’s customer or outlet, and outside a bound outlet', async () => {
    const rival = await createTenant(t, 'counter-topup-rival');
    const theirs = await walletCustomer(db(), rival.tenant.id);
    const ours = await walletCustomer(db(), tenantId);
    expectCode(
      await topup(theirs.id, { outlet_id: kl, method: 'card', amount: 500 }),
      404,
      'not_found',
    );
    expectCode(
      await topup(ours.id, { outlet_id: rival.outlet.id, method: 'card', amount: 500 }, as.admin),
      404,
      'not_found',
    );
    // The cashier is bound to KL01: PG01 is not theirs.
    expectCode(
      await topup(ours.id, { outlet_id: pg, method: 'card', amount: 500 }),
      404,
      'not_found',
    );
    expect(await balanceOf(db(), theirs.id)).toBe(0);
    expect(await balanceOf(db(), ours.id)).toBe(0);
  });

  it('gives the counter the top-up buttons and the maximum', async () => {
    const res = await api.get('/api/counter-topups/options', as.cashier);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Array.isArray(data.topup_presets)).toBe(true);
    expect(data.topup_presets.length).toBeGreaterThan(0);
    expect(typeof data.max_balance).toBe('number');
  });

  it('closes the shift against the float, cash sales and cash top-ups', async () => {
    const report = await shiftReport();
    const cashTopups = (
      await db()
        .select()
        .from(counterTopups)
        .where(and(eq(counterTopups.shiftId, shiftId), eq(counterTopups.method, 'cash')))
    ).reduce((sum, r) => sum + r.amount, 0);
    expect(report.figures.cash_topups).toBe(cashTopups);
    expect(report.figures.expected).toBe(10_000 + cashTopups);
    const closed = await api.post(
      `/api/shifts/${shiftId}/close`,
      { counted: { ...emptyCashCount(), note_100: 1, coin_5: cashTopups / 5 } },
      withIdempotencyKey(as.cashier),
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ expected: 10_000 + cashTopups, variance: 0 });
    expect((await db().select().from(shifts).where(eq(shifts.id, shiftId)))[0]!.status).toBe(
      'closed',
    );
  });
});

describe.runIf(engine === 'postgres')('racing top-ups on PostgreSQL', () => {
  it('gives eight top-ups at once (four customers, two each) eight receipt numbers', async () => {
    const people = await Promise.all(
      Array.from({ length: 4 }, () => walletCustomer(db(), tenantId)),
    );
    const answers = await Promise.all(
      [...people, ...people].map((c) =>
        topup(c.id, { outlet_id: kl, method: 'card', amount: 300 }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const numbers = new Set(answers.map((a) => a.json().data.receipt_no));
    expect(numbers.size).toBe(8);
    for (const c of people) expect(await balanceOf(db(), c.id)).toBe(2 * 300);
  });
});
