import { orderCreateSchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { cartReducer, emptyCart, type Cart } from './cart';
import { chooseOption, emptySelection, toCartLine } from './options';
import {
  entryToPart,
  isAllCash,
  issueSubject,
  newEntry,
  paymentView,
  pricingLine,
  saleBody,
  saleTotals,
  type PaymentEntry,
  type PaymentPart,
} from './payment';
import { context, ids, kopi, latte, menuIndex, sizeGroup } from './test-menu';

const oneKopi: Cart = cartReducer(emptyCart, {
  type: 'add',
  line: toCartLine(kopi, emptySelection, 1, ''),
});
const price = (cart: Cart, serving: 'dine_in' | 'pick_up' | 'delivery') => (cash: boolean) =>
  saleTotals(cart, serving, context, menuIndex, cash);
const view = (
  parts: PaymentPart[],
  entry: Partial<PaymentEntry>,
  cart = oneKopi,
  serving: 'dine_in' | 'pick_up' | 'delivery' = 'pick_up',
) => paymentView(parts, { ...newEntry(), ...entry }, price(cart, serving));

describe('sale totals (contract priceOrder)', () => {
  it('adds SST, the service charge for dine in and the delivery fee', () => {
    // RM 2.80 pick up: SST 6% = 16.8 → 17 sen.
    expect(saleTotals(oneKopi, 'pick_up', context, menuIndex, false)).toMatchObject({
      subtotal: 280,
      service_charge: 0,
      service_tax: 17,
      delivery_fee: 0,
      rounding: 0,
      total: 297,
    });
    // Dine in: service charge 28, SST on 308 = 18.48 → 18.
    expect(saleTotals(oneKopi, 'dine_in', context, menuIndex, false)).toMatchObject({
      service_charge: 28,
      service_tax: 18,
      total: 326,
    });
    expect(saleTotals(oneKopi, 'delivery', context, menuIndex, false)).toMatchObject({
      delivery_fee: 500,
      total: 797,
    });
  });

  it('rounds to 5 sen only when paid in cash', () => {
    expect(saleTotals(oneKopi, 'pick_up', context, menuIndex, true)).toMatchObject({
      rounding: -2,
      total: 295,
    });
    expect(saleTotals(oneKopi, 'dine_in', context, menuIndex, true)).toMatchObject({
      rounding: -1,
      total: 325,
    });
    expect(isAllCash(['cash', 'cash'])).toBe(true);
    expect(isAllCash(['cash', 'card'])).toBe(false);
    expect(isAllCash([])).toBe(false);
  });

  it("prices lines at today's menu prices, not the ones kept in the cart", () => {
    const line = toCartLine(latte, chooseOption(emptySelection, sizeGroup, ids.large), 2, '');
    const stale = {
      ...line,
      key: 'x',
      unit_price: 1,
      options: line.options.map((o) => ({ ...o, price: 1 })),
    };
    expect(pricingLine(stale, menuIndex)).toEqual({
      unit_price: 1090,
      option_prices: [150],
      addon_prices: [],
      quantity: 2,
    });
    const gone = pricingLine(stale, new Map());
    expect(gone).toMatchObject({ unit_price: 1, option_prices: [1] });
  });
});

describe('payments', () => {
  it('cash: the rounded total, change from what was handed over', () => {
    expect(view([], {})).toMatchObject({
      amount: 295,
      canConfirm: false,
      problem: { kind: 'tenderedMissing' },
    });
    expect(view([], { tendered: 200 })).toMatchObject({
      canConfirm: false,
      problem: { kind: 'tenderedShort', amount: 295 },
    });
    // The contract's limit of RM 10,000 a payment, as the server checks it.
    expect(view([], { tendered: 1_000_001 })).toMatchObject({
      canConfirm: false,
      problem: { kind: 'tenderedTooHigh', max: 1_000_000 },
    });
    expect(view([], { tendered: 1_000_000 })).toMatchObject({ canConfirm: true, problem: null });
    const paid = view([], { tendered: 1000 });
    expect(paid).toMatchObject({ amount: 295, change: 705, canConfirm: true, problem: null });
    expect(paid.totals.rounding).toBe(-2);
    expect(paid.payments).toEqual([{ method: 'cash', amount: 295, tendered: 1000 }]);
  });

  it('card and e-wallets: the unrounded total and a required reference', () => {
    expect(view([], { method: 'card' })).toMatchObject({
      amount: 297,
      problem: { kind: 'referenceMissing' },
    });
    const paid = view([], { method: 'duitnow_qr', reference: ' DN123 ' });
    expect(paid).toMatchObject({ amount: 297, change: 0, canConfirm: true });
    expect(paid.payments).toEqual([{ method: 'duitnow_qr', amount: 297, reference: 'DN123' }]);
  });

  it('split: parts add up to the unrounded total; cash part with change', () => {
    // RM 2.00 in cash (a RM 5 note) now, the rest by card.
    const first = view([], { amount: 200, tendered: 500 });
    expect(first).toMatchObject({
      canAddPart: true,
      canConfirm: false,
      change: 300,
      problem: { kind: 'stillDue', due: 95 },
    });
    const parts = [entryToPart({ ...newEntry(), amount: 200, tendered: 500 }, 200)];
    // Still all cash while the next payment is cash: rounded total.
    expect(view(parts, {})).toMatchObject({ remaining: 95, amount: 95 });
    // A card part makes it a split bill: no rounding, RM 0.97 due.
    const rest = view(parts, { method: 'card', reference: 'slip 42' });
    expect(rest).toMatchObject({ taken: 200, remaining: 97, amount: 97, canConfirm: true });
    expect(rest.totals.rounding).toBe(0);
    expect(rest.payments).toEqual([
      { method: 'cash', amount: 200, tendered: 500 },
      { method: 'card', amount: 97, reference: 'slip 42' },
    ]);
  });

  it('refuses an amount over what is due, and a split already over the total', () => {
    expect(view([], { method: 'card', reference: 'x', amount: 400 })).toMatchObject({
      canConfirm: false,
      canAddPart: false,
      problem: { kind: 'amountTooHigh', due: 297 },
    });
    const parts: PaymentPart[] = [
      { method: 'card', amount: 296, tendered: null, reference: 'a', wallet: null },
      { method: 'card', amount: 5, tendered: null, reference: 'b', wallet: null },
    ];
    expect(view(parts, { method: 'card', reference: 'c' })).toMatchObject({
      canConfirm: false,
      problem: { kind: 'overpaid', by: 4 },
    });
  });

  it('confirms when the parts already settle the bill', () => {
    const parts: PaymentPart[] = [
      { method: 'card', amount: 297, tendered: null, reference: 'a', wallet: null },
    ];
    expect(view(parts, { method: 'card' })).toMatchObject({
      canConfirm: true,
      payments: [{ method: 'card', amount: 297, reference: 'a' }],
    });
  });

  it('builds a body the contract accepts (and one it refuses without a table)', () => {
    let cart = cartReducer(oneKopi, { type: 'serving', method: 'dine_in' });
    cart = cartReducer(cart, { type: 'field', field: 'customer_phone', value: '012-345 6789' });
    const payments = view([], { tendered: 500 }, cart, 'dine_in').payments;
    const refused = orderCreateSchema.safeParse(saleBody(ids.outlet, cart, payments, false));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['table_no']);
    cart = cartReducer(cart, { type: 'field', field: 'table_no', value: ' 7 ' });
    const body = saleBody(ids.outlet, cart, payments, true);
    expect(orderCreateSchema.parse(body)).toMatchObject({
      serving_method: 'dine_in',
      table_no: '7',
      customer_phone: '0123456789',
      allow_outside_hours: true,
      items: [{ product_id: ids.kopi, quantity: 1, option_ids: [], addon_ids: [] }],
      payments: [{ method: 'cash', amount: 325, tendered: 500 }],
    });
    expect(body.delivery_address).toBeUndefined();
  });
});

describe('wallet payments', () => {
  const aminah = '00000000-0000-4000-8000-0000000000a1';
  const checked = (balance: number, customer_id = aminah) => ({
    code: '123456789012',
    info: {
      customer_id,
      customer_name: 'Aminah',
      phone: '+60123456789',
      balance,
      expires_at: '2026-03-15T04:01:00Z',
    },
  });

  it('needs a checked code, then pays the balance at most, the rest by cash', () => {
    expect(view([], { method: 'wallet' })).toMatchObject({
      canConfirm: false,
      canAddPart: false,
      problem: { kind: 'walletCodeMissing' },
    });
    // RM 2.97 due, RM 2.00 in the wallet: the wallet pays RM 2.00, RM 0.97 is still due.
    const short = view([], { method: 'wallet', wallet: checked(200) });
    expect(short).toMatchObject({
      amount: 200,
      canAddPart: true,
      canConfirm: false,
      problem: { kind: 'stillDue', due: 97 },
      walletCustomerId: aminah,
    });
    expect(short.totals.rounding).toBe(0);
    // Paying less from the wallet is allowed; more than it holds is not.
    expect(view([], { method: 'wallet', wallet: checked(200), amount: 150 })).toMatchObject({
      amount: 150,
      canAddPart: true,
    });
    expect(view([], { method: 'wallet', wallet: checked(200), amount: 250 })).toMatchObject({
      canAddPart: false,
      problem: { kind: 'walletShort', balance: 200 },
    });
    expect(view([], { method: 'wallet', wallet: checked(0) })).toMatchObject({
      problem: { kind: 'walletShort', balance: 0 },
    });

    const parts = [entryToPart({ ...newEntry('wallet'), wallet: checked(200) }, 200)];
    const rest = view(parts, { method: 'cash', tendered: 100 });
    expect(rest).toMatchObject({ remaining: 97, change: 3, canConfirm: true });
    expect(rest.payments).toEqual([
      { method: 'wallet', amount: 200, payment_code: '123456789012' },
      { method: 'cash', amount: 97, tendered: 100 },
    ]);
    expect(rest.walletCustomerId).toBe(aminah);
  });

  it('pays the whole bill from a wallet that holds enough', () => {
    const paid = view([], { method: 'wallet', wallet: checked(5000) });
    expect(paid).toMatchObject({ amount: 297, canConfirm: true, problem: null });
    expect(paid.payments).toEqual([
      { method: 'wallet', amount: 297, payment_code: '123456789012' },
    ]);
  });

  it("refuses another customer's wallet when a customer is attached to the sale", () => {
    const other = '00000000-0000-4000-8000-0000000000b2';
    const price = (cash: boolean) => saleTotals(oneKopi, 'pick_up', context, menuIndex, cash);
    const entry = { ...newEntry('wallet'), wallet: checked(5000) };
    expect(paymentView([], entry, price, other)).toMatchObject({
      canConfirm: false,
      problem: { kind: 'walletOtherCustomer', name: 'Aminah' },
    });
    expect(paymentView([], entry, price, aminah)).toMatchObject({ canConfirm: true });
  });

  it("names the wallet's customer on the sale when none is attached", () => {
    const payments = view([], { method: 'wallet', wallet: checked(5000) }).payments;
    const body = saleBody(ids.outlet, oneKopi, payments, false, aminah);
    expect(orderCreateSchema.parse(body)).toMatchObject({
      customer_id: aminah,
      payments: [{ method: 'wallet', amount: 297, payment_code: '123456789012' }],
    });
    const attached = cartReducer(oneKopi, {
      type: 'customer',
      customer: {
        id: '00000000-0000-4000-8000-0000000000c3',
        name: 'Ben',
        phone: '+60111111111',
        tier: null,
        points: 0,
        wallet_balance: 0,
        blocked: false,
        notes: [],
      },
    });
    expect(saleBody(ids.outlet, attached, payments, false, aminah).customer_id).toBe(
      '00000000-0000-4000-8000-0000000000c3',
    );
    expect(saleBody(ids.outlet, oneKopi, payments, false).customer_id).toBeUndefined();
  });
});

describe('issueSubject', () => {
  const labels = {
    field: (f: string) => `field:${f}`,
    method: (m: string) => `method:${m}`,
  };
  const sale = {
    lines: [{ name: 'Kopi' }, { name: 'Cafe Latte' }],
    payments: [
      { method: 'cash' as const, amount: 500 },
      { method: 'tng' as const, amount: 300 },
    ],
  };

  it('names the cart line, the payment or the field an issue of the sale is about', () => {
    expect(issueSubject(['items', 1, 'notes'], sale, labels)).toBe('Cafe Latte');
    expect(issueSubject(['payments', 1, 'reference'], sale, labels)).toBe('method:tng');
    expect(issueSubject(['table_no'], sale, labels)).toBe('field:table_no');
    expect(issueSubject(['customer_phone'], sale, labels)).toBe('field:customer_phone');
  });

  it('names nothing for the sale as a whole or a path it does not know', () => {
    expect(issueSubject(['items'], sale, labels)).toBeNull();
    expect(issueSubject(['items', 7, 'quantity'], sale, labels)).toBeNull();
    expect(issueSubject(['discount'], sale, labels)).toBeNull();
    expect(issueSubject([], sale, labels)).toBeNull();
  });

  it('finds the subject of a real refusal of the contract schema', () => {
    const body = { ...saleBody(ids.outlet, oneKopi, [{ method: 'card', amount: 297 }], false) };
    const issue = orderCreateSchema.safeParse(body).error?.issues[0];
    expect(issue?.path).toEqual(['payments', 0, 'reference']);
    expect(
      issueSubject(issue!.path, { lines: oneKopi.lines, payments: body.payments }, labels),
    ).toBe('method:card');
  });
});
