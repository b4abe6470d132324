import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/catalogue-fixtures';
import { expectCode } from '../../../test/expect-code';
import {
  byPayment,
  DAY,
  NOON_KL,
  TOTAL,
  useReconciliationApp,
} from '../../../test/reconciliation-fixtures';

// Reconciliation from a gateway's settlement file: our payments of the range beside the file
// (sent as an upload or a text body), each difference reported, unreadable lines listed, another
// provider's file or an oversized one refused, and the same run exported as CSV.

const { api, as, clock, url, stripePayment, billplzPayment } = useReconciliationApp();
const { admin } = as;

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/settlement-files/${name}`, import.meta.url));

/** An upload of a settlement file to a run (`suffix`: '/export'), as the admin's form sends it. */
const upload = (provider: string, query: string, form: ReturnType<typeof multipart>, suffix = '') =>
  api.post(url(provider, `${query}&source=file`, suffix), form.payload, {
    ...admin,
    'content-type': form.contentType,
  });

describe('reconciliation from a settlement file', () => {
  it("compares Stripe's itemized balance report (multipart) with our payments of the range", async () => {
    clock.set('2026-06-11T04:00:00Z');
    const a = await stripePayment(true);
    const b = await stripePayment(true);
    const c = await stripePayment(true);
    clock.set(NOON_KL);
    const file = [
      'balance_transaction_id,created,currency,gross,fee,net,reporting_category,payment_intent_id',
      `txn_1,2026-06-11 12:00:00,myr,13.25,0.68,12.57,charge,${a.intentId}`,
      `txn_2,2026-06-11 12:01:00,myr,12.00,0.68,11.32,charge,${b.intentId}`,
      'txn_3,2026-06-11 12:02:00,myr,30.00,0.90,29.10,charge,"=HYPERLINK(""http://x"")"',
      `txn_4,2026-06-11 12:03:00,myr,-13.25,0.00,-13.25,refund,${a.intentId}`,
      'txn_5,2026-06-11 12:04:00,myr,abc,0.00,0.00,charge,pi_bad',
    ].join('\n');
    const body = multipart(Buffer.from(file), 'balance.csv', 'text/csv');
    const q = 'from=2026-06-11&to=2026-06-11';
    const res = await upload('stripe', q, body);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      source: 'file',
      our_payments: 3,
      counts: {
        matched: 1,
        amount_mismatch: 1,
        missing_ours: 1,
        missing_theirs: 1,
        unreachable: 0,
      },
      rejected: [{ line: 6, message: 'Amount "abc" is not an amount of money' }],
    });
    expect(byPayment(result.rows, a.paymentId)).toMatchObject([{ outcome: 'matched', line: 2 }]);
    // Each of our payments names the order it paid for.
    expect(byPayment(result.rows, b.paymentId)).toMatchObject([
      {
        outcome: 'amount_mismatch',
        order_id: b.orderId,
        order_no: b.orderNo,
        our_amount: TOTAL,
        their_amount: 1200,
        line: 3,
      },
    ]);
    expect(byPayment(result.rows, c.paymentId)).toMatchObject([
      { outcome: 'missing_theirs', line: null },
    ]);
    expect(result.rows).toContainEqual(
      expect.objectContaining({
        outcome: 'missing_ours',
        reference: '=HYPERLINK("http://x")',
        payment_id: null,
        their_amount: 3000,
        line: 4,
      }),
    );

    // The same run as CSV, in Malay: a reference cannot run as a formula, times are KL's.
    const csv = await upload('stripe', `${q}&lang=my`, body, '/export');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="reconciliation-stripe-2026-06-11-2026-06-11-\d{8}\.csv"$/,
    );
    const table = parse(csv.body, { bom: true }) as string[][];
    expect(table[0]).toEqual([
      'Keputusan',
      'Rujukan gerbang',
      'ID pembayaran',
      'Pesanan',
      'Tarikh pesanan',
      'Dicipta',
      'Status kami',
      'Amaun kami (RM)',
      'Status gerbang',
      'Amaun gerbang (RM)',
      'Baris fail',
    ]);
    expect(table).toContainEqual([
      'Amaun tidak sepadan',
      b.intentId,
      b.paymentId,
      b.orderNo,
      // The order's business day: its number alone names an order of each day.
      '2026/06/11',
      '2026/06/11 12:00:00',
      'Dibayar',
      '13.25',
      'Dibayar',
      '12.00',
      '3',
    ]);
    expect(table).toContainEqual([
      'Tiada di pihak kami',
      `'=HYPERLINK("http://x")`,
      '',
      '',
      '',
      '',
      '',
      '',
      'Dibayar',
      '30.00',
      '4',
    ]);
  });

  it("takes Billplz's bills as a text/csv body and finds a payment made before the range", async () => {
    clock.set('2026-06-14T04:00:00Z');
    const before = await billplzPayment(true);
    clock.set('2026-06-15T04:00:00Z');
    const inRange = await billplzPayment(true);
    const unpaid = await billplzPayment(false);
    clock.set(NOON_KL);
    const file = [
      'id,paid,state,amount,paid_amount,paid_at',
      `${before.billId},true,paid,1325,1325,2026-06-14 12:05:00 +0800`,
      `${inRange.billId},true,paid,1325,1325,2026-06-15 12:05:00 +0800`,
      `${unpaid.billId},false,due,1325,0,`,
    ].join('\n');
    const res = await api.post(url('billplz', 'from=2026-06-15&to=2026-06-15&source=file'), file, {
      ...admin,
      'content-type': 'text/csv',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result.counts).toEqual({
      matched: 2,
      amount_mismatch: 0,
      missing_theirs: 0,
      missing_ours: 0,
      unreachable: 0,
    });
    expect(byPayment(result.rows, before.paymentId)).toMatchObject([
      { outcome: 'matched', line: 2 },
    ]);
    expect(byPayment(result.rows, unpaid.paymentId)).toEqual([]);
  });

  it("refuses another provider's file, and a file run without a file", async () => {
    const billplzFile = fixture('billplz-bills.csv');
    const body = multipart(billplzFile, 'bills.csv', 'text/csv');
    expectCode(
      await upload('stripe', `from=${DAY}&to=${DAY}`, body),
      400,
      'settlement_file_invalid',
    );
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=file`), undefined, admin),
      400,
      'file_required',
    );
    // Over 2 MB: the upload stops at the limit, and a text body is refused as it arrives.
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 'a');
    const bigForm = multipart(big, 'balance.csv', 'text/csv');
    expectCode(await upload('stripe', `from=${DAY}&to=${DAY}`, bigForm), 400, 'file_too_large');
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=file`), big, {
        ...admin,
        'content-type': 'text/csv',
      }),
      413,
      'payload_too_large',
    );
  });
});
