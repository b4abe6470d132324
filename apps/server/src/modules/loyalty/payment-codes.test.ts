import { walletPaymentCodeInfoSchema } from '@kopi/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/orders';
import { walletPaymentCodes } from '../../db/schema/loyalty';
import { auditLog, serverSecrets } from '../../db/schema/platform';
import type { AuthedContext } from '../../lib/request-context';
import { otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { sell } from '../../test/order-fixtures';
import { requestAs } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import {
  customerRow,
  paymentCode,
  setCustomerStatus,
  walletCustomer,
  walletPayment,
} from '../../test/wallet-pay-fixtures';
import { createPaymentCodeService, signedCode } from './payment-codes.service';

// The wallet's payment code: the app's consent for the counter to charge the wallet. Signed by
// the server (a code it did not make is refused before any lookup), valid 60 seconds, taken once
// by a sale; the POS may read it first without using it. A latte sells for RM 10.60 with SST.

const NOON_KL = '2026-06-10T04:00:00Z';
const { t, api, as, clock, refs, oneLine } = useSaleApp({
  signIn: ['admin', 'cashier', 'finance'],
  product: { sku: 'CODE-LATTE', price: 1000 },
});
const { admin } = as;

beforeEach(() => clock.set(NOON_KL));

const check = (code: string, headers: Record<string, string> = admin) =>
  api.post('/api/wallet-payment-codes/check', { code }, headers);
const saleWith = (code: string) =>
  sell(
    t,
    admin,
    oneLine({
      allow_outside_hours: true,
      payments: [walletPayment(1060, code)],
    }),
  );
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
const secret = async () =>
  (
    await t.database.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'wallet_payment_code_secret'))
  )[0]!.value;

describe('issuing a code in the app', () => {
  it('answers 12 digits, the QR text and a 60-second expiry, keeps only a hash and audits it', async () => {
    const customer = await walletCustomer(t);
    const issued = await paymentCode(t, customer.headers);
    expect(issued.code).toMatch(/^\d{12}$/);
    expect(issued.qr).toBe(`KOPIPAY:${issued.code}`);
    expect(issued.expires_at).toBe('2026-06-10T04:01:00.000Z');
    const rows = await t.database.db
      .select()
      .from(walletPaymentCodes)
      .where(eq(walletPaymentCodes.customerId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(issued.code);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, 'wallet.payment_code')));
    // The customer acted: their id, and their phone masked to its country code and last four.
    expect(entry).toMatchObject({
      entity: 'customer',
      tenantId: refs.tenantId,
      actorId: customer.id,
      actorUsername: `customer:${customer.phone.slice(0, 3)}•••••${customer.phone.slice(-4)}`,
    });
    expect(JSON.stringify(entry!.after)).not.toContain(issued.code);
  });

  it('forgets a customer’s expired unused codes when they ask for a new one', async () => {
    const customer = await walletCustomer(t);
    await paymentCode(t, customer.headers);
    clock.set('2026-06-10T04:05:00Z');
    await paymentCode(t, customer.headers);
    const rows = await t.database.db
      .select()
      .from(walletPaymentCodes)
      .where(eq(walletPaymentCodes.customerId, customer.id));
    expect(rows.map((r) => r.expiresAt.toISOString())).toEqual(['2026-06-10T04:06:00.000Z']);
  });

  it('refuses a blocked customer', async () => {
    const customer = await walletCustomer(t, 5000);
    const shown = await paymentCode(t, customer.headers);
    await setCustomerStatus(t, customer.id, 'disabled');
    // Blocked: the app session stops working, and a code shown before is refused at the counter.
    const again = await requestAs(t, customer.headers).post('/api/mobile/wallet/payment-code');
    expectCode(again, 401, 'unauthorized');
    expectCode(await check(shown.code), 409, 'customer_blocked');
    const before = await orderCount();
    expectCode(await saleWith(shown.code), 409, 'customer_blocked');
    expect(await orderCount()).toBe(before);
    // The service refuses too, whatever let the call through.
    const service = createPaymentCodeService({ db: t.database.db, now: clock.now, secret: 's' });
    const principal = {
      customerId: customer.id,
      sessionId: customer.id,
      tenantId: refs.tenantId,
      tenantSlug: 'kopi-demo',
      name: 'Siti Aminah',
      phone: customer.phone,
    };
    const ctx = { principal: null, ip: '127.0.0.1', userAgent: null, requestId: 'test' };
    await expect(service.issue(principal, ctx)).rejects.toMatchObject({ code: 'customer_blocked' });
    await setCustomerStatus(t, customer.id, 'active');
    expect((await customerRow(t, customer.id)).walletBalance).toBe(5000);
  });

  it('is for customers only: no token or a staff token is 401', async () => {
    expectCode(await api.post('/api/mobile/wallet/payment-code'), 401, 'unauthorized');
    expectCode(await api.post('/api/mobile/wallet/payment-code', {}, admin), 401, 'unauthorized');
  });
});

describe('checking and taking a code at the counter', () => {
  it('tells the POS whose wallet it is without using it; the sale then takes it once', async () => {
    const customer = await walletCustomer(t, 5000, 'Lim Wei Ling');
    const { code } = await paymentCode(t, customer.headers);
    for (const typed of [code, `${code.slice(0, 4)} ${code.slice(4, 8)}-${code.slice(8)}`]) {
      const res = await check(typed, as.cashier);
      expect(res.statusCode, res.body).toBe(200);
      expect(walletPaymentCodeInfoSchema.parse(res.json().data)).toEqual({
        customer_id: customer.id,
        customer_name: 'Lim Wei Ling',
        phone: customer.phone,
        balance: 5000,
        expires_at: '2026-06-10T04:01:00.000Z',
      });
    }
    const sold = await saleWith(code);
    expect(sold.statusCode, sold.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(walletPaymentCodes)
      .where(eq(walletPaymentCodes.customerId, customer.id));
    expect(row).toMatchObject({ orderId: sold.json().data.id });
    expect(row!.usedAt?.toISOString()).toBe(NOON_KL.replace('Z', '.000Z'));
    expectCode(await check(code), 409, 'payment_code_expired');
    const before = await orderCount();
    expectCode(await saleWith(code), 409, 'payment_code_expired');
    expect(await orderCount()).toBe(before);
    expect((await customerRow(t, customer.id)).walletBalance).toBe(3940);
  });

  it('expires 60 seconds after it was shown', async () => {
    const customer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, customer.headers);
    clock.set('2026-06-10T04:00:59Z');
    expect((await check(code)).statusCode).toBe(200);
    clock.set('2026-06-10T04:01:00Z');
    expectCode(await check(code), 409, 'payment_code_expired');
    expectCode(await saleWith(code), 409, 'payment_code_expired');
    // Long after, its signature is no longer recognised at all.
    clock.set('2026-06-10T05:00:00Z');
    expectCode(await check(code), 409, 'payment_code_invalid');
    expect((await customerRow(t, customer.id)).walletBalance).toBe(5000);
  });

  it('refuses a code the server did not make, before any lookup', async () => {
    const customer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, customer.headers);
    const tampered = `${code.slice(0, 11)}${(Number(code[11]) + 1) % 10}`;
    expectCode(await check(tampered), 409, 'payment_code_invalid');
    expectCode(await saleWith(tampered), 409, 'payment_code_invalid');
    expectCode(await check('123456789012'), 409, 'payment_code_invalid');
    // Signed with the server's secret but never issued: unknown.
    const unissued = signedCode(
      await secret(),
      refs.tenantId,
      '000042',
      new Date('2026-06-10T04:01:00Z'),
    );
    expectCode(await check(unissued), 409, 'payment_code_invalid');
    // A forged code never reaches the database: a service on a database that fails every query.
    const noDatabase = new Proxy({} as Db, {
      get: () => {
        throw new Error('the database was asked');
      },
    });
    const service = createPaymentCodeService({ db: noDatabase, now: clock.now, secret: 'k' });
    const ctx = { principal: { tenantId: refs.tenantId } } as AuthedContext;
    await expect(service.check(ctx, tampered)).rejects.toMatchObject({
      code: 'payment_code_invalid',
    });
    expect((await check(code)).statusCode).toBe(200);
  });

  it('answers 401, 403, 400, and another business’s code is not one', async () => {
    const customer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, customer.headers);
    expectCode(await check(code, {}), 401, 'unauthorized');
    expectCode(await check(code, as.finance), 403, 'forbidden');
    expectCode(await check(code, customer.headers), 401, 'unauthorized');
    for (const bad of ['12345', '1234567890123', 'abcdefghijkl']) {
      const res = expectCode(await check(bad), 400, 'validation_failed');
      expect(res.details?.[0]?.path).toBe('code');
    }
    const south = await otherTenant(t, 'kopi-south');
    expectCode(await check(code, south.headers), 409, 'payment_code_invalid');
    expect((await check(code)).statusCode).toBe(200);
  });
});
