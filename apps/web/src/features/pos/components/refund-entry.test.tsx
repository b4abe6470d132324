import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptMatch, Refundable } from '@kopi/contract';
import { resetToasts } from '../../../lib/toasts';
import { errorAnswer, mockFetch, testOutlets } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import { captureToasts } from '../../../test/toasts';
import { PosRefundButton } from './refund-entry';
import { retype } from '../../../test/user-steps';

// Refunds at the POS: a receipt found by its number (its day shown, numbers repeat daily), then
// refunded by the methods its payments allow, with a manager's PIN for a cashier.

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const orderA = '0b6d3a52-1c2e-4f7a-9b8c-1d2e3f4a5b6c';
const orderB = '1c7e4b63-2d3f-4a8b-8c9d-2e3f4a5b6c7d';
const latte = '7d0e4c1a-5b7e-4d8e-9a51-0b8c2f1e3a10';
const managerId = '11111111-1111-4111-8111-111111111111';

const match = (overrides: Partial<ReceiptMatch>): ReceiptMatch => ({
  order_id: orderA,
  order_no: 'KL01-0012',
  business_date: '2026-11-29',
  created_at: '2026-11-29T03:00:00.000Z',
  status: 'COMPLETED',
  total: 2120,
  paid: 2120,
  refunded: 0,
  customer_name: null,
  has_customer: false,
  payment_methods: ['card'],
  ...overrides,
});

const refundable = (method: string): Refundable => ({
  paid: 2120,
  refunded: 0,
  remaining: 2120,
  by_method: [{ method: method as 'card', paid: 2120, remaining: 2120 }],
  items: [
    {
      order_item_id: latte,
      name: 'Iced Latte',
      name_my: 'Latte Ais',
      quantity: 2,
      refundable_quantity: 2,
      unit_amount: 1060,
    },
  ],
});

function setup(paidBy: string) {
  setTestSession({ id: 'c' }, { permissions: ['create-pos', 'read-order', 'create-order'] });
  const { shown } = captureToasts();
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/pos/receipts')) {
      return {
        body: {
          data: [
            match({ order_id: orderB, business_date: '2026-11-29', payment_methods: [paidBy] }),
            match({
              order_id: orderA,
              business_date: '2026-11-28',
              created_at: '2026-11-28T03:00:00.000Z',
            }),
          ],
        },
      };
    }
    if (call.url === `/api/orders/${orderB}/refundable`)
      return { body: { data: refundable(paidBy) } };
    if (call.url.startsWith('/api/approvers')) {
      return { body: { data: [{ id: managerId, fullname: 'Tan Wei Ming', locked: false }] } };
    }
    if (call.url === '/api/pos/refunds') {
      const body = call.body as { approval?: { pin: string }; method: string };
      if (body.approval?.pin !== '4826') {
        return errorAnswer(403, 'pin_wrong', 'Wrong PIN');
      }
      return {
        status: 201,
        body: {
          data: {
            id: 'r1',
            refund_no: 'RF-KL01-000031',
            status: 'COMPLETED',
            amount: 1060,
            payment_method: body.method === 'cash' ? 'cash' : paidBy,
          },
        },
      };
    }
    return undefined;
  });
  renderWithProviders(<PosRefundButton outletId={testOutlets.kl} />, {
    can: (action, subject) =>
      (action === 'create' && subject === 'pos') || (action === 'read' && subject === 'order'),
  });
  return { calls, shown };
}

async function findReceipt(text: string) {
  await userEvent.click(screen.getByTestId('pos-refund'));
  await userEvent.type(await screen.findByTestId('pos-refund-number'), `${text}{Enter}`);
  return screen.findByTestId('pos-refund-matches');
}

/** Finds the receipts by `text`; opens the first one's refund dialog once its remainder shows. */
async function openFirstMatch(text: string) {
  const list = await findReceipt(text);
  await userEvent.click(within(list).getAllByTestId('pos-refund-match')[0]!);
  const dialog = await screen.findByTestId('pos-refund-dialog');
  await within(dialog).findByTestId('pos-refund-remaining');
  return dialog;
}

async function offered() {
  await userEvent.click(screen.getByTestId('pos-refund-method'));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await userEvent.keyboard('{Escape}');
  return options;
}

describe('refunds at the POS', { timeout: 20_000 }, () => {
  it('lists the receipts with that number with their business days', async () => {
    const { calls } = setup('card');
    const list = await findReceipt('12');
    const rows = within(list).getAllByTestId('pos-refund-match');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('KL01-0012');
    expect(rows[0]).toHaveTextContent('29');
    expect(rows[1]).toHaveTextContent('28');
    expect(calls.find((c) => c.url.startsWith('/api/pos/receipts'))?.url).toBe(
      `/api/pos/receipts?outlet_id=${testOutlets.kl}&q=12`,
    );
  });

  it('says so for a text that names no receipt, asking nothing', async () => {
    const { calls } = setup('card');
    await userEvent.click(screen.getByTestId('pos-refund'));
    await userEvent.type(await screen.findByTestId('pos-refund-number'), 'latte{Enter}');
    expect(await screen.findByText(/Type a receipt number/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/pos/receipts'))).toHaveLength(0);
  });

  it('offers a card order no cash, and refunds an item with the manager’s PIN', async () => {
    const { calls, shown } = setup('card');
    const dialog = await openFirstMatch('KL01-0012');
    expect(await offered()).toEqual(['Original payment method']);
    await userEvent.click(within(dialog).getByTestId('pos-refund-kind-items'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'One more Iced Latte' }));
    expect(within(dialog).getByTestId('pos-refund-total')).toHaveTextContent('RM 10.60');
    await userEvent.click(within(dialog).getByTestId('pos-refund-reason'));
    await userEvent.click(await screen.findByRole('option', { name: 'Wrong item' }));
    await userEvent.click(within(dialog).getByTestId('pos-refund-submit'));
    // Always someone else's PIN, even before anything is sent.
    const approval = await screen.findByTestId('pos-approval-dialog');
    expect(calls.filter((c) => c.url === '/api/pos/refunds')).toHaveLength(0);
    await userEvent.type(within(approval).getByTestId('approval-pin'), '1111');
    await userEvent.click(within(approval).getByTestId('pos-approval-apply'));
    expect(await within(approval).findByTestId('approval-error')).toHaveTextContent('Wrong PIN');
    await retype(within(approval).getByTestId('approval-pin'), '4826');
    await userEvent.click(within(approval).getByTestId('pos-approval-apply'));
    await waitFor(() => expect(screen.queryByTestId('pos-refund-dialog')).toBeNull());
    const posts = calls.filter((c) => c.url === '/api/pos/refunds');
    expect(posts.map((p) => p.body)).toEqual([
      expect.objectContaining({ approval: expect.objectContaining({ pin: '1111' }) }),
      {
        order_id: orderB,
        kind: 'items',
        items: [{ order_item_id: latte, quantity: 1 }],
        method: 'original',
        reason: 'wrong_item',
        approval: expect.objectContaining({ approver_id: managerId, pin: '4826' }),
      },
    ]);
    // A refused attempt's key answered; the next attempt has its own.
    const keys = posts.map((p) => p.headers.get('idempotency-key'));
    expect(keys[0]).not.toBe(keys[1]);
    expect(shown()).toContain('success:Refund RF-KL01-000031 completed.');
  });

  it('offers a cash order cash only, and says how much to give back', async () => {
    const { calls, shown } = setup('cash');
    const dialog = await openFirstMatch('12');
    expect(await offered()).toEqual(['Cash from the drawer']);
    await userEvent.click(within(dialog).getByTestId('pos-refund-reason'));
    await userEvent.click(await screen.findByRole('option', { name: 'Wrong item' }));
    await userEvent.click(within(dialog).getByTestId('pos-refund-submit'));
    const approval = await screen.findByTestId('pos-approval-dialog');
    await userEvent.type(within(approval).getByTestId('approval-pin'), '4826');
    await userEvent.click(within(approval).getByTestId('pos-approval-apply'));
    await waitFor(() => expect(screen.queryByTestId('pos-refund-dialog')).toBeNull());
    // The amount as money is written (RM and a no-break space).
    expect(shown()).toEqual([
      'success:Refund RF-KL01-000031 completed: give back RM\u00a010.60 in cash.',
    ]);
    expect(calls.find((c) => c.url === '/api/pos/refunds')?.body).toMatchObject({
      kind: 'full',
      method: 'cash',
    });
  });
});
