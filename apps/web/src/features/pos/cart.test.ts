import { describe, expect, it } from 'vitest';
import {
  cartItemCount,
  cartReducer,
  emptyCart,
  heldKey,
  holdCart,
  lineKey,
  loadHeld,
  loadSavedCart,
  MAX_NOTE_LENGTH,
  MAX_QUANTITY,
  recallHeld,
  removeHeld,
  saveCart,
  saveHeld,
  savedCartKey,
  type Cart,
  type NewCartLine,
} from './cart';
import { chosen, kopi } from '../../test/cart-lines';
import { ids } from './test-menu';

const latteLarge: NewCartLine = {
  product_id: ids.latte,
  name: 'Cafe Latte',
  sku: 'ESP-002',
  unit_price: 1090,
  options: [chosen.large, chosen.oat],
  addons: [chosen.shot],
  notes: '',
  quantity: 1,
};

const reduce = (cart: Cart, ...actions: Parameters<typeof cartReducer>[1][]) =>
  actions.reduce(cartReducer, cart);

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

describe('cart reducer', () => {
  it('merges the same product, choices, add-ons and note into one line', () => {
    const cart = reduce(
      emptyCart,
      { type: 'add', line: kopi },
      { type: 'add', line: { ...kopi, quantity: 2 } },
      { type: 'add', line: latteLarge },
      // Same choices in another order, same add-on: same line.
      { type: 'add', line: { ...latteLarge, options: [...latteLarge.options].reverse() } },
    );
    expect(cart.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Kopi', 3],
      ['Cafe Latte', 2],
    ]);
    expect(cartItemCount(cart)).toBe(5);
  });

  it('keeps lines apart when choices, add-ons or notes differ', () => {
    const cart = reduce(
      emptyCart,
      { type: 'add', line: latteLarge },
      { type: 'add', line: { ...latteLarge, addons: [] } },
      { type: 'add', line: { ...latteLarge, notes: 'extra hot' } },
      { type: 'add', line: { ...latteLarge, notes: '  extra hot ' } },
    );
    expect(cart.lines.map((l) => [l.addons.length, l.notes, l.quantity])).toEqual([
      [1, '', 1],
      [0, '', 1],
      [1, 'extra hot', 2],
    ]);
    expect(lineKey(cart.lines[2]!)).not.toBe(lineKey(cart.lines[0]!));
  });

  it('changes quantities within 1–99; below one removes the line', () => {
    let cart = reduce(emptyCart, { type: 'add', line: kopi }, { type: 'add', line: latteLarge });
    const [k, l] = cart.lines.map((x) => x.key) as [string, string];
    cart = reduce(
      cart,
      { type: 'increment', key: k, by: 1 },
      { type: 'quantity', key: l, quantity: 500 },
    );
    expect(cart.lines.map((x) => x.quantity)).toEqual([2, MAX_QUANTITY]);
    cart = reduce(cart, { type: 'add', line: { ...latteLarge, quantity: 5 } });
    expect(cart.lines[1]!.quantity).toBe(MAX_QUANTITY);
    cart = reduce(
      cart,
      { type: 'increment', key: k, by: -1 },
      { type: 'increment', key: k, by: -1 },
    );
    expect(cart.lines.map((x) => x.name)).toEqual(['Cafe Latte']);
    cart = reduce(cart, { type: 'remove', key: l });
    expect(cart.lines).toEqual([]);
  });

  it('writes, changes and removes a line’s note in the cart, merging with a line it now equals', () => {
    let cart = reduce(emptyCart, { type: 'add', line: kopi }, { type: 'add', line: latteLarge });
    const [k, l] = cart.lines.map((x) => x.key) as [string, string];
    cart = reduce(cart, { type: 'note', key: k, notes: '  kurang manis ' });
    expect(cart.lines[0]).toMatchObject({ name: 'Kopi', notes: 'kurang manis', quantity: 1 });
    expect(cart.lines[0]!.key).toBe(lineKey({ ...kopi, notes: 'kurang manis' }));
    // Unchanged (after trimming), or a line that is gone: nothing happens.
    expect(
      cartReducer(cart, { type: 'note', key: cart.lines[0]!.key, notes: 'kurang manis ' }),
    ).toBe(cart);
    expect(cartReducer(cart, { type: 'note', key: k, notes: 'x' })).toBe(cart);
    // Longer than the contract allows: cut to its limit.
    const long = reduce(cart, { type: 'note', key: l, notes: 'a'.repeat(MAX_NOTE_LENGTH + 50) });
    expect(long.lines[1]!.notes).toHaveLength(MAX_NOTE_LENGTH);

    // A plain Kopi added again, then given the same note: one line of two, where the first was.
    cart = reduce(cart, { type: 'add', line: { ...kopi, quantity: 98 } });
    const plain = cart.lines[2]!.key;
    cart = reduce(cart, { type: 'note', key: plain, notes: 'kurang manis' });
    expect(cart.lines.map((x) => [x.name, x.notes, x.quantity])).toEqual([
      ['Kopi', 'kurang manis', MAX_QUANTITY],
      ['Cafe Latte', '', 1],
    ]);
    // An empty note removes it.
    cart = reduce(cart, { type: 'note', key: cart.lines[0]!.key, notes: '   ' });
    expect(cart.lines[0]).toMatchObject({ notes: '', key: lineKey(kopi) });
    expect(cart.version).toBe(6);
  });

  it('bumps the version on every change and only then', () => {
    const a = reduce(emptyCart, { type: 'add', line: kopi });
    expect(a.version).toBe(1);
    const key = a.lines[0]!.key;
    expect(cartReducer(a, { type: 'remove', key: 'nope' })).toBe(a);
    expect(cartReducer(a, { type: 'quantity', key, quantity: 1 })).toBe(a);
    expect(cartReducer(a, { type: 'field', field: 'table_no', value: '' })).toBe(a);
    const b = reduce(
      a,
      { type: 'serving', method: 'dine_in' },
      { type: 'field', field: 'table_no', value: '7' },
    );
    expect(b.version).toBe(3);
    expect(cartReducer(b, { type: 'serving', method: 'dine_in' })).toBe(b);
  });

  it('clears the lines and customer but keeps the serving method', () => {
    const cart = reduce(
      emptyCart,
      { type: 'add', line: kopi },
      { type: 'serving', method: 'dine_in' },
      { type: 'field', field: 'table_no', value: '12' },
      { type: 'field', field: 'customer_phone', value: '0123456789' },
      { type: 'clear' },
    );
    expect(cart).toMatchObject({
      lines: [],
      serving_method: 'dine_in',
      table_no: '',
      customer_phone: '',
    });
  });

  it('attaches a customer, filling the empty name and phone, and removes them again', () => {
    const ali = {
      id: 'c1',
      name: 'Ali',
      phone: '+60123456789',
      tier: null,
      points: 10,
      wallet_balance: 0,
      blocked: false,
      notes: [],
    };
    const typed = reduce(emptyCart, {
      type: 'field',
      field: 'customer_name',
      value: 'Ali (table)',
    });
    const attached = reduce(typed, { type: 'customer', customer: ali });
    expect(attached).toMatchObject({
      customer: ali,
      customer_name: 'Ali (table)',
      customer_phone: '+60123456789',
    });
    expect(attached.version).toBe(typed.version + 1);
    expect(reduce(attached, { type: 'customer', customer: ali })).toBe(attached);
    // The same customer with a new balance (topped up at the counter) keeps the typed fields.
    const toppedUp = reduce(attached, {
      type: 'customer',
      customer: { ...ali, wallet_balance: 5000 },
    });
    expect(toppedUp).toMatchObject({
      customer: { id: 'c1', wallet_balance: 5000 },
      customer_name: 'Ali (table)',
      customer_phone: '+60123456789',
    });
    expect(toppedUp.version).toBe(attached.version + 1);
    expect(reduce(attached, { type: 'customer', customer: null })).toMatchObject({
      customer: null,
      customer_name: 'Ali (table)',
      customer_phone: '',
    });
    expect(reduce(attached, { type: 'clear' }).customer).toBeNull();
  });

  it('reads a cart saved before customers could be attached', () => {
    const { customer: _none, ...old } = reduce(emptyCart, { type: 'add', line: kopi });
    localStorage.setItem(savedCartKey('o1'), JSON.stringify({ cart: old, pending_key: null }));
    expect(loadSavedCart(localStorage, 'o1')?.cart.customer).toBeNull();
    localStorage.removeItem(savedCartKey('o1'));
  });
});

describe('hold and recall', () => {
  const at = new Date('2026-01-05T04:00:00.000Z');

  it('holds carts newest first and recalls one, leaving the rest', () => {
    const table7 = reduce(
      emptyCart,
      { type: 'add', line: kopi },
      { type: 'serving', method: 'dine_in' },
      { type: 'field', field: 'table_no', value: '7' },
    );
    const ali = reduce(emptyCart, { type: 'add', line: latteLarge });
    let held = holdCart([], table7, ' Table 7 ', 'h1', at);
    held = holdCart(held, ali, 'Ali', 'h2', at);
    expect(held.map((h) => h.label)).toEqual(['Ali', 'Table 7']);
    expect(held[1]).toMatchObject({ held_at: at.toISOString(), cart: { table_no: '7' } });
    expect(held[1]!.cart).not.toHaveProperty('version');

    const recalled = recallHeld(held, 'h1')!;
    expect(recalled.rest.map((h) => h.id)).toEqual(['h2']);
    const current = reduce(ali, { type: 'replace', cart: recalled.cart });
    expect(current.lines.map((l) => l.name)).toEqual(['Kopi']);
    expect(current.version).toBe(ali.version + 1);
    expect(recallHeld(held, 'gone')).toBeNull();
    expect(removeHeld(held, 'h2').map((h) => h.id)).toEqual(['h1']);
  });

  it('keeps held carts per outlet in storage and survives a reload', () => {
    const storage = new MemoryStorage();
    const cart = reduce(emptyCart, { type: 'add', line: kopi });
    saveHeld(storage, 'outlet-a', holdCart([], cart, 'Table 3', 'h1', at));
    expect(storage.data.has(heldKey('outlet-a'))).toBe(true);
    expect(loadHeld(storage, 'outlet-a').map((h) => h.label)).toEqual(['Table 3']);
    expect(loadHeld(storage, 'outlet-b')).toEqual([]);
    saveHeld(storage, 'outlet-a', []);
    expect(storage.data.has(heldKey('outlet-a'))).toBe(false);
  });

  it('ignores unreadable storage instead of breaking the till', () => {
    const storage = new MemoryStorage();
    storage.setItem(heldKey('o'), '{not json');
    expect(loadHeld(storage, 'o')).toEqual([]);
    storage.setItem(heldKey('o'), JSON.stringify([{ id: 1 }]));
    expect(loadHeld(storage, 'o')).toEqual([]);
    storage.setItem(savedCartKey('o'), JSON.stringify({ cart: { lines: 'x' } }));
    expect(loadSavedCart(storage, 'o')).toBeNull();
  });

  it('saves the cart being rung up with a pending sale key, and forgets an empty one', () => {
    const storage = new MemoryStorage();
    const cart = reduce(emptyCart, { type: 'add', line: kopi });
    saveCart(storage, 'o', cart, 'sale-key');
    expect(loadSavedCart(storage, 'o')).toEqual({ cart, pending_key: 'sale-key' });
    saveCart(storage, 'o', reduce(cart, { type: 'clear' }), null);
    expect(loadSavedCart(storage, 'o')).toBeNull();
  });
});
