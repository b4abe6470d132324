import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/customers';
import { paymentGateways, paymentIntents } from '../../../db/schema/payments';
import { otherTenant } from '../../../test/catalogue-fixtures';
import { expectCode } from '../../../test/expect-code';
import {
  byPayment,
  DAY,
  NOON_KL,
  TOTAL,
  useReconciliationApp,
} from '../../../test/reconciliation-fixtures';

// Reconciliation by status queries against the loopback fakes of Stripe and Billplz: app orders
// paid (or not) through each, the gateway changed behind our back, and the run reports each
// difference, asking the gateway about every payment of the range. Also who may run it and
// what input it refuses.

const { t, api, as, clock, fakes, gatewayIds, url, stripePayment, billplzPayment } =
  useReconciliationApp();
const { admin, cashier } = as;

describe('reconciliation by status queries', () => {
  it('finds matched, amount mismatch, missing on either side and unanswered payments at Stripe', async () => {
    const matched = await stripePayment(true);
    const mismatch = await stripePayment(true);
    mismatch.intent.amount = 999;
    const missingOurs = await stripePayment(false);
    fakes.stripe.succeed(missingOurs.intentId); // paid at Stripe; its webhook never came
    const missingTheirs = await stripePayment(true);
    Object.assign(missingTheirs.intent, { status: 'requires_payment_method' });
    const gone = await stripePayment(true);
    (fakes.stripe.intents as Map<string, unknown>).delete(gone.intentId);
    const unpaid = await stripePayment(false);
    // Another business day: outside the range.
    clock.set('2026-06-12T04:00:00Z');
    const later = await stripePayment(true);
    clock.set(NOON_KL);

    const res = await api.post(url('stripe'), undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      provider: 'stripe',
      source: 'query',
      from: DAY,
      to: DAY,
      our_payments: 6,
      counts: {
        matched: 1,
        amount_mismatch: 1,
        missing_theirs: 1,
        missing_ours: 1,
        unreachable: 1,
      },
      rejected: [],
    });
    const rows = result.rows as { payment_id: string; outcome: string }[];
    expect(byPayment(rows, matched.paymentId)).toMatchObject([
      {
        outcome: 'matched',
        reference: matched.intentId,
        our_status: 'paid',
        our_amount: TOTAL,
        their_status: 'paid',
        their_amount: TOTAL,
        line: null,
      },
    ]);
    expect(byPayment(rows, mismatch.paymentId)).toMatchObject([
      { outcome: 'amount_mismatch', our_amount: TOTAL, their_amount: 999 },
    ]);
    expect(byPayment(rows, missingOurs.paymentId)).toMatchObject([
      { outcome: 'missing_ours', our_status: 'pending', their_status: 'paid' },
    ]);
    expect(byPayment(rows, missingTheirs.paymentId)).toMatchObject([
      { outcome: 'missing_theirs', our_status: 'paid', their_status: 'pending' },
    ]);
    expect(byPayment(rows, gone.paymentId)).toMatchObject([
      { outcome: 'unreachable', their_status: null, their_amount: null },
    ]);
    // Unpaid on both sides is nothing to settle; another day is not in the range.
    expect(byPayment(rows, unpaid.paymentId)).toEqual([]);
    expect(byPayment(rows, later.paymentId)).toEqual([]);
    // What needs looking at comes first.
    expect(rows.map((r) => r.outcome)).toEqual([
      'amount_mismatch',
      'missing_theirs',
      'missing_ours',
      'unreachable',
      'matched',
    ]);
    // Nothing was written: our payments stand as they were.
    const [ours] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, missingOurs.paymentId));
    expect(ours!.status).toBe('pending');
  });

  it('asks Billplz about each bill, a gateway switched off since included', async () => {
    const paid = await billplzPayment(true);
    const paidThere = await billplzPayment(false);
    fakes.billplz.pay(paidThere.billId); // the callback never reached us
    await t.database.db
      .update(paymentGateways)
      .set({ enabled: false })
      .where(eq(paymentGateways.id, gatewayIds.billplz!));
    const res = await api.post(url('billplz'), undefined, admin);
    await t.database.db
      .update(paymentGateways)
      .set({ enabled: true })
      .where(eq(paymentGateways.id, gatewayIds.billplz!));
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows;
    expect(byPayment(rows, paid.paymentId)).toMatchObject([
      { outcome: 'matched', reference: paid.billId, their_amount: TOTAL },
    ]);
    expect(byPayment(rows, paidThere.paymentId)).toMatchObject([
      { outcome: 'missing_ours', reference: paidThere.billId, our_status: 'pending' },
    ]);
    const asked = fakes.billplz.requests.filter(
      (r) => r.method === 'GET' && r.path.includes('/bills/'),
    );
    expect(asked.map((r) => r.path)).toContain(`/api/v3/bills/${paid.billId}`);
  });

  it('refuses a range with more payments than one run asks about', async () => {
    const [customer] = await t.database.db.select({ id: customers.id }).from(customers).limit(1);
    const [gateway] = await t.database.db
      .select()
      .from(paymentGateways)
      .where(eq(paymentGateways.id, gatewayIds.stripe!));
    await t.database.db.insert(paymentIntents).values(
      Array.from({ length: 201 }, (_, i) => ({
        tenantId: gateway!.tenantId!,
        purpose: 'topup',
        customerId: customer!.id,
        provider: 'stripe',
        method: 'card',
        amount: 1000,
        status: 'paid',
        providerRef: `pi_bulk_${i}`,
        createdAt: new Date('2026-06-20T04:00:00Z'),
      })),
    );
    expectCode(
      await api.post(url('stripe', 'from=2026-06-20&to=2026-06-20'), undefined, admin),
      400,
      'reconciliation_too_many',
    );
  });
});

describe('reconciliation access and input', () => {
  it('answers 401, 403, 404 and 400 as usual', async () => {
    expectCode(await api.post(url('stripe'), undefined, {}), 401, 'unauthorized');
    expectCode(await api.post(url('stripe'), undefined, cashier), 403, 'forbidden');
    const other = await otherTenant(t, 'recon-other');
    expectCode(await api.post(url('stripe'), undefined, other.headers), 404, 'not_found');
    expectCode(
      await api.post(
        `/api/payment-gateways/${gatewayIds.stripe}/reconciliation/export?from=${DAY}&to=${DAY}`,
        undefined,
        other.headers,
      ),
      404,
      'not_found',
    );
    expectCode(
      await api.post(url('stripe', 'from=2026-06-10&to=2026-06-01'), undefined, admin),
      400,
      'validation_failed',
    );
    expectCode(
      await api.post(url('stripe', 'from=2026-01-01&to=2026-06-01'), undefined, admin),
      400,
      'validation_failed',
    );
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=bank`), undefined, admin),
      400,
      'validation_failed',
    );
  });
});
