import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentIntents } from '../../../db/schema/payments';
import { byPayment, TOTAL, useReconciliationApp } from '../../../test/reconciliation-fixtures';

// Reconciliation by status queries against the loopback fakes of iPay88 and Fiuu: app orders
// paid (or not) through each, the gateway's record changed behind our back, and what the run
// reports. iPay88's enquiry answers only "paid at this amount" or not, never an amount; Fiuu is
// asked by its transaction id, which a payment has only once Fiuu's result reached us.

const { t, api, as, fakes, url, ipay88Payment, fiuuPayment } = useReconciliationApp();
const { admin } = as;

type Row = { payment_id: string; outcome: string; reference: string };

async function run(provider: string) {
  const res = await api.post(url(provider), undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { provider: string; source: string; counts: object; rows: Row[] };
}

describe('reconciliation by status queries of iPay88', () => {
  it('finds matched, missing on either side, and reports an amount iPay88 holds differently as missing there', async () => {
    const matched = await ipay88Payment(true);
    const otherAmount = await ipay88Payment(true);
    fakes.ipay88.transactions.get(otherAmount.refNo)!.amount = '9.99';
    const unknown = await ipay88Payment(true);
    (fakes.ipay88.transactions as Map<string, unknown>).delete(unknown.refNo);
    const missingOurs = await ipay88Payment(false);
    fakes.ipay88.settle(missingOurs.refNo, 'paid'); // its backend post never reached us
    const unpaid = await ipay88Payment(false);

    const result = await run('ipay88');
    expect(result).toMatchObject({
      provider: 'ipay88',
      source: 'query',
      counts: {
        matched: 1,
        amount_mismatch: 0,
        missing_theirs: 2,
        missing_ours: 1,
        unreachable: 0,
      },
    });
    expect(byPayment(result.rows, matched.paymentId)).toMatchObject([
      {
        outcome: 'matched',
        reference: matched.refNo,
        our_status: 'paid',
        our_amount: TOTAL,
        their_status: 'paid',
        their_amount: TOTAL,
      },
    ]);
    // iPay88 answers "Incorrect amount" without saying which: not paid at ours, so missing there.
    expect(byPayment(result.rows, otherAmount.paymentId)).toMatchObject([
      { outcome: 'missing_theirs', our_amount: TOTAL, their_status: 'failed', their_amount: null },
    ]);
    expect(byPayment(result.rows, unknown.paymentId)).toMatchObject([
      {
        outcome: 'missing_theirs',
        our_status: 'paid',
        their_status: 'pending',
        their_amount: null,
      },
    ]);
    expect(byPayment(result.rows, missingOurs.paymentId)).toMatchObject([
      {
        outcome: 'missing_ours',
        reference: missingOurs.refNo,
        our_status: 'pending',
        their_status: 'paid',
        their_amount: TOTAL,
      },
    ]);
    expect(byPayment(result.rows, unpaid.paymentId)).toEqual([]);
    // Nothing was written: the payment paid only at iPay88 is still pending here.
    const [ours] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, missingOurs.paymentId));
    expect(ours!.status).toBe('pending');
  });
});

describe('reconciliation by status queries of Fiuu', () => {
  it('finds matched, an amount Fiuu reports differently, and a payment Fiuu did not keep paid', async () => {
    const matched = await fiuuPayment(true);
    const mismatch = await fiuuPayment(true);
    fakes.fiuu.transactions.get(mismatch.paymentId)!.amount = '9.99';
    const reversed = await fiuuPayment(true);
    fakes.fiuu.transactions.get(reversed.paymentId)!.status = '11';
    const unpaid = await fiuuPayment(false);

    const result = await run('fiuu');
    expect(result.counts).toMatchObject({ matched: 1, amount_mismatch: 1, missing_theirs: 1 });
    expect(byPayment(result.rows, matched.paymentId)).toMatchObject([
      {
        outcome: 'matched',
        reference: matched.tranID,
        our_amount: TOTAL,
        their_status: 'paid',
        their_amount: TOTAL,
      },
    ]);
    expect(byPayment(result.rows, mismatch.paymentId)).toMatchObject([
      {
        outcome: 'amount_mismatch',
        reference: mismatch.tranID,
        our_amount: TOTAL,
        their_amount: 999,
      },
    ]);
    expect(byPayment(result.rows, reversed.paymentId)).toMatchObject([
      { outcome: 'missing_theirs', our_status: 'paid', their_status: 'failed' },
    ]);
    expect(byPayment(result.rows, unpaid.paymentId)).toEqual([]);
  });

  it('reports a payment whose transaction Fiuu does not know as unreachable, the rest of the run going on', async () => {
    const paid = await fiuuPayment(true);
    const unknown = await fiuuPayment(true);
    // Our record names a transaction Fiuu never made: Fiuu answers an unsigned error.
    await t.database.db
      .update(paymentIntents)
      .set({ providerRef: '39999999' })
      .where(eq(paymentIntents.id, unknown.paymentId));
    const result = await run('fiuu');
    expect(byPayment(result.rows, unknown.paymentId)).toMatchObject([
      { outcome: 'unreachable', reference: '39999999', their_status: null },
    ]);
    expect(byPayment(result.rows, paid.paymentId)).toMatchObject([{ outcome: 'matched' }]);
  });

  it('cannot find by query a payment Fiuu has paid whose result never reached us', async () => {
    // Fiuu's requery names its transaction id, which a payment has only from Fiuu's result: one
    // that never came leaves nothing to ask by: only the settlement file (source=file) can find it.
    const started = await fiuuPayment(false);
    fakes.fiuu.complete(started.paymentId, '00');
    const result = await run('fiuu');
    expect(byPayment(result.rows, started.paymentId)).toEqual([]);
    const [ours] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, started.paymentId));
    expect(ours).toMatchObject({ status: 'pending', providerRef: started.paymentId });
  });
});
