import { mobileVoucherSchema, voucherCheckSchema } from '@kopi/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetAppFeatures, setDemoSwitch } from '../../test/app-feature-fixtures';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { createTenant } from '../../test/fixtures';
import { expectCode } from '../../test/expect-code';
import { placeOrder, verifiedCustomer, type TestCustomer } from '../../test/mobile-fixtures';
import { requestAs } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { addCode, addVoucher, orderCount, redemptionsOf } from '../../test/voucher-fixtures';

// The voucher previews (POST /api/vouchers/check for the POS, /api/mobile/vouchers/check for the
// app's cart), the customer's issued vouchers (GET /api/mobile/vouchers) and the app's
// `vouchers` switch, which refuses all of it and an order with a code.

const { t, as, refs, oneLine } = useSaleApp({
  signIn: ['admin', 'cashier', 'finance'],
  product: { sku: 'VC-1000', price: 1000 },
});
const { admin, cashier, finance } = as;
let pg: string;
let customer: TestCustomer;

beforeAll(async () => {
  pg = (await demoOutlet(t, 'PG01')).id;
  customer = await verifiedCustomer(t);
});
beforeEach(() => resetAppFeatures(t));

const cart = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  outlet_id: refs.kl,
  serving_method: 'pick_up',
  items: [{ product_id: refs.product, quantity: 3 }],
  ...extra,
});
const posCheck = (headers: Record<string, string>, body: Record<string, unknown>) =>
  requestAs(t).post('/api/vouchers/check', body, headers);
const appCheck = (
  body: Record<string, unknown>,
  headers: Record<string, string> = customer.headers,
) => requestAs(t).post('/api/mobile/vouchers/check', body, headers);

describe('POST /api/vouchers/check', () => {
  it('answers the discount on the cart as the sale would price it, writing nothing', async () => {
    // 20% of RM 30.00 is RM 6.00, capped at RM 5.00.
    const v = await addVoucher(t, { type: 'percent', value: 2000, maxDiscount: 500 });
    const res = await posCheck(cashier, cart(v.code!));
    expect(res.statusCode, res.body).toBe(200);
    const check = voucherCheckSchema.parse(res.json().data);
    expect(check).toMatchObject({ ok: true, discount: 500, reason: null });
    expect(check.voucher).toMatchObject({ id: v.id, type: 'percent', max_discount: 500 });
    expect(await redemptionsOf(t, v.id)).toEqual([]);
  });

  it('answers the reason a voucher does not apply, as the sale would refuse it', async () => {
    const v = await addVoucher(t, { minSpend: 3001 });
    const res = await posCheck(admin, cart(v.code!));
    expect(res.json().data).toMatchObject({ ok: false, discount: 0, reason: 'min_spend' });
    const app = await addVoucher(t, { sources: ['app'] });
    expect((await posCheck(admin, cart(app.code!))).json().data.reason).toBe('source');
  });

  it('refuses without a session (401), without create-pos (403), bad input (400)', async () => {
    const v = await addVoucher(t);
    expect((await requestAs(t).post('/api/vouchers/check', cart(v.code!))).statusCode).toBe(401);
    expectCode(await posCheck(finance, cart(v.code!)), 403, 'forbidden');
    const bad = expectCode(await posCheck(admin, cart('!')), 400, 'validation_failed');
    expect(bad.details!.map((d) => d.path)).toEqual(['code']);
  });

  it('knows no outlet of another tenant nor one the cashier is not bound to (404)', async () => {
    const v = await addVoucher(t);
    const { tenant, outlet } = await createTenant(t, `vcheck-${Date.now()}`);
    expectCode(await posCheck(admin, cart(v.code!, { outlet_id: outlet.id })), 404, 'not_found');
    expectCode(await posCheck(cashier, cart(v.code!, { outlet_id: pg })), 404, 'not_found');
    const theirs = await addVoucher(t, { tenantId: tenant.id });
    expectCode(await posCheck(admin, cart(theirs.code!)), 409, 'voucher_unknown');
  });
});

describe('the app’s vouchers', () => {
  it('checks a code on the cart for the signed-in customer (401 without one)', async () => {
    const v = await addVoucher(t, { perCustomerLimit: 1, value: 300 });
    const res = await appCheck(cart(v.code!));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, discount: 300 });
    expect((await appCheck(cart(v.code!), {})).statusCode).toBe(401);
    expect((await appCheck(cart(v.code!), admin)).statusCode).toBe(401);
  });

  it('lists the codes issued to me and not used, and no one else’s', async () => {
    const v = await addVoucher(t, { codeKind: 'unique', code: null, nameEn: 'Birthday treat' });
    const mine = await addCode(t, v, customer.session.customer.id);
    const someone = await verifiedCustomer(t);
    await addCode(t, v, someone.session.customer.id);
    await addCode(t, v); // printed, nobody's
    const res = await requestAs(t).get('/api/mobile/vouchers', customer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = mobileVoucherSchema.array().parse(res.json().data);
    expect(list.filter((x) => x.id === v.id)).toEqual([
      expect.objectContaining({ code: mine.code, name_en: 'Birthday treat', type: 'fixed' }),
    ]);
    // Used, it leaves the list.
    const placed = await placeOrder(
      t,
      customer.headers,
      oneLine({
        voucher_code: mine.code,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const after = (await requestAs(t).get('/api/mobile/vouchers', customer.headers)).json().data;
    expect(after.filter((x: { id: string }) => x.id === v.id)).toEqual([]);
    // Someone else's code is no code for me.
    const theirs = await addCode(t, v, someone.session.customer.id);
    expectCode(await appCheck(cart(theirs.code)), 409, 'voucher_unknown');
  });

  it('refuses vouchers while the app’s vouchers switch is off (app_feature_off)', async () => {
    const v = await addVoucher(t);
    await setDemoSwitch(t, 'vouchers', null, false);
    expectCode(await appCheck(cart(v.code!)), 400, 'app_feature_off');
    const list = await requestAs(t).get('/api/mobile/vouchers', customer.headers);
    expectCode(list, 400, 'app_feature_off');
    const before = await orderCount(t);
    const placed = await placeOrder(
      t,
      customer.headers,
      oneLine({
        voucher_code: v.code,
      }),
    );
    expectCode(placed, 400, 'app_feature_off');
    expect(await orderCount(t)).toBe(before);
    // Without a code the app still takes orders.
    const plain = await placeOrder(t, customer.headers, oneLine());
    expect(plain.statusCode, plain.body).toBe(201);
    // The counter has no app switch.
    const pos = await posCheck(admin, cart(v.code!));
    expect(pos.statusCode).toBe(200);
  });
});
