import { describe, expect, it } from 'vitest';
import { enShell } from './i18n/en-shell';
import { my } from './i18n/my';
import { notificationPath, notificationText } from './notification-text';

// A tiny `t` over one locale's `notify` strings, with i18next's {{name}} interpolation.
function translator(strings: Record<string, unknown>) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => {
      return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }, strings);
    if (typeof found !== 'string') return key;
    return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name] ?? ''));
  };
}
const en = translator({ notify: enShell.notify });
const ms = translator({ notify: my.notify });

const note = (title_key: string | null, params: Record<string, string | number | null> | null) => ({
  title: 'English fallback',
  body: 'English body',
  title_key,
  params,
});

describe('notification text', () => {
  it('translates the refund steps the server keys', () => {
    const asked = note('refundRequested', {
      refund_no: 'RF-KL01-000007',
      amount: 1250,
      by: 'Siti',
    });
    expect(notificationText(asked, en).title).toBe('Refund RF-KL01-000007 requested');
    expect(notificationText(asked, en).body).toMatch(/^RM\s?12\.50 · by Siti$/);
    const done = { ...asked, title_key: 'refundCompleted' };
    expect(notificationText(done, ms).title).toBe('Bayaran balik RF-KL01-000007 selesai');
    expect(notificationText(done, ms).body).toMatch(/^RM\s?12\.50 · oleh Siti$/);
  });

  it('translates a paid order with its serving method, table and total', () => {
    const paid = note('orderPaid', {
      order_no: 'KL01-0042',
      serving_method: 'dine_in',
      table_no: 'A7',
      total: 1230,
    });
    const english = notificationText(paid, en);
    expect(english.title).toBe('New order KL01-0042');
    expect(english.body).toMatch(/^Mobile app · Dine in · table A7 · RM\s?12\.30$/);
    const malay = notificationText(paid, ms);
    expect(malay.title).toBe('Pesanan baharu KL01-0042');
    expect(malay.body).toMatch(/^Aplikasi mudah alih · Makan di sini · meja A7 · RM\s?12\.30$/);
    expect(
      notificationText({ ...paid, params: { ...paid.params, table_no: null } }, en).body,
    ).toMatch(/^Mobile app · Dine in · RM\s?12\.30$/);
  });

  it('translates a counter sale and the staff moves the server keys', () => {
    const sale = note('posSale', {
      order_no: 'KL01-0043',
      serving_method: 'pick_up',
      table_no: null,
      total: 850,
    });
    expect(notificationText(sale, en).title).toBe('New order KL01-0043');
    expect(notificationText(sale, en).body).toMatch(/^POS · Pick up · RM\s?8\.50$/);
    expect(notificationText(sale, ms).body).toMatch(/^POS · Ambil sendiri · RM\s?8\.50$/);
    const dineIn = {
      ...sale,
      params: { ...sale.params, serving_method: 'dine_in', table_no: 'B2' },
    };
    expect(notificationText(dineIn, ms).body).toMatch(
      /^POS · Makan di sini · meja B2 · RM\s?8\.50$/,
    );

    const move = (key: string, reason: string | null) =>
      note(key, { order_no: 'KL01-0043', by: 'Siti Nurhaliza', reason });
    expect(notificationText(move('orderAccepted', null), en)).toEqual({
      title: 'Order KL01-0043 accepted',
      body: 'by Siti Nurhaliza',
    });
    expect(notificationText(move('orderReady', null), ms)).toEqual({
      title: 'Pesanan KL01-0043 sudah siap',
      body: 'oleh Siti Nurhaliza',
    });
    expect(notificationText(move('orderRejected', 'Out of fresh milk'), ms)).toEqual({
      title: 'Pesanan KL01-0043 ditolak',
      body: 'Siti Nurhaliza: Out of fresh milk',
    });
  });

  it('says what the customer wrote and what is owed when they cancel', () => {
    const cancelled = (reason: string | null, refund: number) =>
      notificationText(
        note('customerCancelled', { order_no: 'KL01-7', by: 'Nur Aina', reason, refund }),
        en,
      );
    expect(cancelled(null, 0)).toEqual({
      title: 'Order KL01-7 cancelled by the customer',
      body: 'Nur Aina cancelled it',
    });
    expect(cancelled('Wrong outlet', 0).body).toBe('Nur Aina: Wrong outlet');
    expect(cancelled('Wrong outlet', 500).body).toMatch(
      /^Nur Aina: Wrong outlet · refund RM\s?5\.00$/,
    );
  });

  it('keeps the server’s English for a key it does not know, or none', () => {
    expect(notificationText(note('somethingNew', { x: 1 }), en)).toEqual({
      title: 'English fallback',
      body: 'English body',
    });
    expect(notificationText(note(null, null), ms)).toEqual({
      title: 'English fallback',
      body: 'English body',
    });
  });

  it('has Malay for every seeded notification', () => {
    expect(notificationText(note('welcome', null), ms).title).toBe('Selamat datang ke Kopi HQ');
    expect(notificationText(note('outletOpen', { outlet: 'Kuala Lumpur' }), ms).title).toBe(
      'Cawangan Kuala Lumpur sudah dibuka',
    );
    expect(notificationText(note('finishSetup', null), en).body).toBe(
      'Add your products and categories, then invite your staff.',
    );
  });
});

describe('where a notification opens', () => {
  const at = (title_key: string | null, params: Record<string, string | number | null> | null) =>
    notificationPath({ id_order: 'order-1', title_key, params });

  it('opens a refund’s step on the refund, not its order', () => {
    for (const key of [
      'refundRequested',
      'refundApproved',
      'refundCompleted',
      'refundPayoutFailed',
    ]) {
      expect(at(key, { refund_no: 'RF-KL01-000007', refund_id: 'refund-9' })).toBe(
        '/refund/details/refund-9',
      );
    }
  });

  it('finds an older refund notification’s refund by its number', () => {
    expect(at('refundRequested', { refund_no: 'RF-KL01-000007' })).toBe(
      '/refund/list?q=RF-KL01-000007',
    );
  });

  it('opens anything else on its order, and nothing without one', () => {
    expect(at('orderPaid', { total: 100 })).toBe('/order/details/order-1');
    expect(at(null, null)).toBe('/order/details/order-1');
    expect(notificationPath({ id_order: null, title_key: 'welcome', params: null })).toBeNull();
  });
});
