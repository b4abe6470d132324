import { orderSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { productAddons } from '../../db/schema/catalogue';
import { orders } from '../../db/schema/orders';
import { demoOutlet } from '../../test/catalogue-fixtures';
import {
  addProduct,
  cardSale,
  optionNamed,
  productBySku,
  requiredChoices,
  sell,
  testClock,
} from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';
import { setDemoTenant, withDemoTenant } from '../../test/fixtures';

// DESIGN §3 through POST /api/orders: the server prices every sale from the database with the
// tenant's settings; the expected figures here are worked out by hand, not by priceOrder.

const clock = testClock('2026-06-10T04:00:00Z'); // Wednesday 12:00 in Kuala Lumpur
let kl: string;
const price = new Map<number, string>();

const { t, as } = useTestApp({ now: clock.now, signIn: ['admin'] });
const { admin } = as;
beforeAll(async () => {
  kl = (await demoOutlet(t, 'KL01')).id;
  for (const sen of [1000, 1001, 1003]) {
    price.set(sen, (await addProduct(t, { sku: `P-${sen}`, price: sen })).id);
  }
});

async function sale(body: Parameters<typeof sell>[2]) {
  const res = await sell(t, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json().data);
}

const figures = (o: {
  subtotal: number;
  service_charge: number;
  service_tax: number;
  delivery_fee: number;
  rounding: number;
  total: number;
}) => ({
  subtotal: o.subtotal,
  service_charge: o.service_charge,
  service_tax: o.service_tax,
  delivery_fee: o.delivery_fee,
  rounding: o.rounding,
  total: o.total,
});

describe('POST /api/orders pricing', () => {
  it('adds 10% service charge for dine in and 6% SST on it', async () => {
    const o = await sale({
      ...cardSale(kl, price.get(1000)!, 1166),
      serving_method: 'dine_in',
      table_no: '5',
    });
    expect(figures(o)).toEqual({
      subtotal: 1000,
      service_charge: 100,
      service_tax: 66,
      delivery_fee: 0,
      rounding: 0,
      total: 1166,
    });
    expect(o).toMatchObject({ status: 'PENDING', via: 'POS', source: 'pos-apps', paid: 1166 });
  });

  it('charges no service charge for pick up, and never taxes the delivery fee', async () => {
    const pickUp = await sale(cardSale(kl, price.get(1000)!, 1060));
    expect(figures(pickUp)).toMatchObject({ service_charge: 0, service_tax: 60, total: 1060 });
    const delivery = await sale({
      ...cardSale(kl, price.get(1000)!, 1560),
      serving_method: 'delivery',
      delivery_address: '1 Jalan Ampang',
    });
    // KL01's delivery fee is RM 5.00: 1000 + 6% of 1000 + 500.
    expect(figures(delivery)).toEqual({
      subtotal: 1000,
      service_charge: 0,
      service_tax: 60,
      delivery_fee: 500,
      rounding: 0,
      total: 1560,
    });
  });

  it('rounds a cash bill to 5 sen: .x1 down, .x3 up; card is never rounded', async () => {
    const down = await sale({
      outlet_id: kl,
      items: [{ product_id: price.get(1001)!, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1060, tendered: 2000 }],
    });
    // 1001 + 60 (6% of 1001 = 60.06) = 1061 → 1060.
    expect(figures(down)).toMatchObject({ service_tax: 60, rounding: -1, total: 1060 });
    expect(down.payments[0]).toMatchObject({ method: 'cash', amount: 1060, tendered: 2000 });
    expect(down.payments[0]!.change).toBe(940);
    expect(down.change).toBe(940);

    const up = await sale({
      outlet_id: kl,
      items: [{ product_id: price.get(1003)!, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1065 }],
    });
    // 1003 + 60 (60.18) = 1063 → 1065.
    expect(figures(up)).toMatchObject({ rounding: 2, total: 1065 });
    expect(up.payments[0]).toMatchObject({ tendered: 1065, change: 0 });

    const card = await sale(cardSale(kl, price.get(1001)!, 1061));
    expect(figures(card)).toMatchObject({ rounding: 0, total: 1061 });
  });

  it('does not round a split bill that includes cash', async () => {
    const o = await sale({
      outlet_id: kl,
      items: [{ product_id: price.get(1001)!, quantity: 1 }],
      payments: [
        { method: 'cash', amount: 1000, tendered: 1000 },
        { method: 'tng', amount: 61, reference: 'TNG-77' },
      ],
    });
    expect(figures(o)).toMatchObject({ rounding: 0, total: 1061 });
    expect(o.payment_methods).toEqual(['cash', 'tng']);
  });

  it('follows the tenant settings: no SST for a tenant that is not registered', async () => {
    const registered = {
      serviceTaxRateBp: 600,
      serviceTaxOnServiceCharge: true,
      cashRounding: true,
    };
    await withDemoTenant(t, { serviceTaxRateBp: 0 }, registered, async () => {
      const o = await sale({
        ...cardSale(kl, price.get(1000)!, 1100),
        serving_method: 'dine_in',
        table_no: '2',
      });
      expect(figures(o)).toMatchObject({ service_charge: 100, service_tax: 0, total: 1100 });
      await setDemoTenant(t, {
        serviceTaxRateBp: 600,
        serviceTaxOnServiceCharge: false,
        cashRounding: false,
      });
      // Service charge left out of the SST base; rounding off even for cash.
      const untaxedCharge = await sale({
        outlet_id: kl,
        serving_method: 'dine_in',
        table_no: '2',
        items: [{ product_id: price.get(1001)!, quantity: 1 }],
        payments: [{ method: 'cash', amount: 1161 }],
      });
      expect(figures(untaxedCharge)).toMatchObject({
        service_charge: 100,
        service_tax: 60,
        rounding: 0,
        total: 1161,
      });
    });
  });

  it('prices options, add-ons, outlet overrides and discounted prices from the database', async () => {
    const americano = await productBySku(t, 'ESP-002');
    const large = await optionNamed(t, americano.id, 'Size', 'Large');
    const sugar = await optionNamed(t, americano.id, 'Sugar level', 'Less');
    // The add-on attached to Americano (Extra shot, RM 2.00).
    const [shot] = await t.database.db
      .select({ id: productAddons.addonId })
      .from(productAddons)
      .where(eq(productAddons.productId, americano.id));
    const line = {
      product_id: americano.id,
      quantity: 2,
      option_ids: [large.id, sugar.id],
      addon_ids: [shot!.id],
      notes: 'One less ice',
    };
    // Kuala Lumpur: (900 + 150 + 200) × 2 = 2500; SST 150.
    const klSale = await sale({ ...cardSale(kl, americano.id, 2650), items: [line] });
    expect(figures(klSale)).toMatchObject({ subtotal: 2500, service_tax: 150, total: 2650 });
    expect(klSale.items[0]).toMatchObject({
      name: 'Americano',
      sku: 'ESP-002',
      quantity: 2,
      unit_price: 900,
      options: [
        { group: 'Size', name: 'Large', price: 150 },
        { group: 'Sugar level', name: 'Less', price: 0 },
      ],
      addons: [{ name: 'Extra shot', price: 200 }],
      notes: 'One less ice',
      line_total: 2500,
    });
    // Johor Bahru sells it for RM 8.50: (850 + 150 + 200) × 2 = 2400; SST 144.
    const jb = (await demoOutlet(t, 'JB01')).id;
    const jbSale = await sale({ ...cardSale(jb, americano.id, 2544), items: [line] });
    expect(jbSale.items[0]!.unit_price).toBe(850);
    expect(figures(jbSale)).toMatchObject({ subtotal: 2400, total: 2544 });

    // Kaya Toast Set: base RM 8.90, discounted RM 7.90.
    const kaya = await productBySku(t, 'FOD-005');
    const kayaSale = await sale(cardSale(kl, kaya.id, 837));
    expect(kayaSale.items[0]!.unit_price).toBe(790);
    expect(kayaSale.total).toBe(837); // 790 + 47.4 → 47
  });

  it('ignores prices and totals a client sends', async () => {
    const kopi = await productBySku(t, 'KOP-001');
    const choices = await requiredChoices(t, kopi.id);
    const o = await sale({
      outlet_id: kl,
      subtotal: 1,
      total: 1,
      service_tax: 0,
      rounding: 0,
      delivery_fee: 0,
      items: [
        {
          product_id: kopi.id,
          quantity: 3,
          option_ids: choices,
          unit_price: 1,
          price: 1,
          base_price: 1,
          line_total: 3,
        },
      ],
      // Kopi RM 2.80 × 3 = 840 + 50 (50.4) SST = 890; the client's RM 0.03 is not it.
      payments: [{ method: 'card', amount: 890, reference: 'CARD-9' }],
    });
    expect(figures(o)).toMatchObject({ subtotal: 840, service_tax: 50, total: 890 });
    expect(o.items[0]).toMatchObject({ unit_price: 280, line_total: 840 });

    const cheap = await sell(t, admin, {
      outlet_id: kl,
      items: [{ product_id: kopi.id, quantity: 1, option_ids: choices, unit_price: 1 }],
      payments: [{ method: 'card', amount: 1, reference: 'CARD-9' }],
      total: 1,
    });
    expectCode(cheap, 400, 'payment_mismatch');
  });

  it('refuses any discount until discounts have their rules, and records nothing', async () => {
    const before = await t.database.db.$count(orders);
    // The attack found: a huge discount with a zero cash payment made a RM 0.00 sale.
    const free = await sell(t, admin, {
      ...cardSale(kl, price.get(1000)!, 0),
      discount: 100_000_000,
      payments: [{ method: 'cash', amount: 0 }],
    });
    expectCode(free, 400, 'discount_not_allowed');
    expect(free.json().message).toBe(
      'A discount cannot be set directly: give a manual discount or apply a voucher code',
    );
    expectCode(
      await sell(t, admin, { ...cardSale(kl, price.get(1000)!, 1010), discount: 50 }),
      400,
      'discount_not_allowed',
    );
    expect(await t.database.db.$count(orders)).toBe(before);
    // What the POS sends: a discount of 0 (or none) sells at the full price.
    const full = await sale({ ...cardSale(kl, price.get(1000)!, 1060), discount: 0 });
    expect(full).toMatchObject({ subtotal: 1000, discount: 0, total: 1060 });
  });
});

describe('POST /api/orders payments', () => {
  const refused = async (payments: Record<string, unknown>[], code: string) => {
    const res = await sell(t, admin, {
      outlet_id: kl,
      items: [{ product_id: price.get(1000)!, quantity: 1 }],
      payments,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code_message).toBe(code);
    return res.json();
  };

  it('refuses payments that do not add up to the total exactly', async () => {
    const short = await refused(
      [{ method: 'card', amount: 1059, reference: 'C1' }],
      'payment_mismatch',
    );
    expect(short.message).toBe('The payments (RM 10.59) do not add up to the total (RM 10.60)');
    await refused([{ method: 'card', amount: 1061, reference: 'C1' }], 'payment_mismatch');
    await refused(
      [
        { method: 'cash', amount: 500 },
        { method: 'card', amount: 500, reference: 'C1' },
      ],
      'payment_mismatch',
    );
    // A cash amount settles the rounded total, not the unrounded one.
    await refused([{ method: 'cash', amount: 1061 }], 'payment_mismatch');
  });

  it('needs a reference for every non-cash payment and enough cash tendered', async () => {
    const noRef = await refused([{ method: 'duitnow_qr', amount: 1060 }], 'validation_failed');
    expect(noRef.details).toEqual([
      { path: 'payments.0.reference', message: 'validation.required' },
    ]);
    const short = await refused(
      [{ method: 'cash', amount: 1060, tendered: 1000 }],
      'validation_failed',
    );
    expect(short.details).toEqual([{ path: 'payments.0.tendered', message: 'validation.invalid' }]);
    await refused([{ method: 'bitcoin', amount: 1060 }], 'validation_failed');
    // Cash handed over is at most RM 10,000 a payment (a slip of the finger, not change owed).
    const huge = await refused(
      [{ method: 'cash', amount: 1060, tendered: 1_000_001 }],
      'validation_failed',
    );
    expect(huge.details).toEqual([
      { path: 'payments.0.tendered', message: 'validation.max_value?max=RM%2010%2C000.00' },
    ]);
    expect(huge.message).toBe('Maximal value is RM 10,000.00');
    const most = await sale({
      ...cardSale(kl, price.get(1000)!, 1060),
      payments: [{ method: 'cash', amount: 1060, tendered: 1_000_000 }],
    });
    expect(most.payments[0]).toMatchObject({ tendered: 1_000_000, change: 998_940 });
    await refused(
      [
        { method: 'card', amount: 0, reference: 'C0' },
        { method: 'card', amount: 1060, reference: 'C1' },
      ],
      'validation_failed',
    );
  });
});
