import type { ApprovalInput } from '@kopi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, errorAnswer, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import {
  findSlowly,
  payExactCash,
  posApiAnswer,
  toastWithStaffMealDiscount,
} from '../test-pos-api';
import { PosPage } from './pos-page';
import { retype } from '../../../test/user-steps';

// A manual discount by whoever sells: without `discount-order` a manager approves it with their
// PIN on the cashier's screen when the sale is paid (decision 055). The stand-in server takes
// the sale only with the manager's right PIN; a refused PIN is answered like the server does.

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const MANAGER = '11111111-1111-4111-8111-111111111111';
const PIN = '2468';
const cashier = ['read-pos', 'create-pos'];
const manager = [...cashier, 'discount-order'];

type Answer = { status?: number; body?: unknown } | undefined;
type Sale = (call: Call) => Answer;

/** The server's rule: a discount without discount-order needs the right PIN of the manager. */
const pinRule =
  (permissions: readonly string[]): Sale =>
  (call) => {
    const { approval, manual_discount } = call.body as {
      approval?: ApprovalInput;
      manual_discount?: unknown;
    };
    if (!manual_discount || permissions.includes('discount-order')) return undefined;
    if (!approval) return { status: 403, body: { code_message: 'approval_required' } };
    if (approval.approver_id !== MANAGER || approval.pin !== PIN)
      return errorAnswer(403, 'pin_wrong', 'Wrong PIN');
    return undefined;
  };

function renderPos(permissions: readonly string[], sale: Sale = pinRule(permissions)) {
  setTestSession({ id: 'u1' }, { permissions: [...permissions] });
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/approvers'))
      return { body: { data: [{ id: MANAGER, fullname: 'Farid Manager', locked: false }] } };
    if (call.url === '/api/orders' && call.method === 'POST') {
      const answer = sale(call);
      if (answer) return answer;
    }
    return posApiAnswer(call);
  });
  const can = (action: string, subject: string) => permissions.includes(`${action}-${subject}`);
  renderWithProviders(<PosPage />, { can });
  return {
    sales: () => calls.filter((c) => c.url === '/api/orders' && c.method === 'POST'),
    approversAsked: () => calls.filter((c) => c.url.startsWith('/api/approvers')),
  };
}

/** A toast (RM 4.50) with RM 0.50 off for a staff meal, paid in exact cash up to Confirm. */
async function discountedSaleToConfirm() {
  await toastWithStaffMealDiscount();
  return payExactCash();
}

async function typePin(dialog: HTMLElement, pin: string) {
  await retype(within(dialog).getByTestId('approval-pin'), pin);
  await userEvent.click(within(dialog).getByTestId('pos-approval-apply'));
}

const keyOf = (call: Call | undefined) => call?.headers.get('idempotency-key');

describe('POS: a manual discount approved by a manager’s PIN', { timeout: 60_000 }, () => {
  it('asks the PIN before the sale, keeps the dialog on a wrong PIN and sends the approval', async () => {
    const { sales } = renderPos(cashier);
    await discountedSaleToConfirm();
    // The cart says before payment that a manager approves the discount.
    expect(screen.getByTestId('pos-discount-approval')).toHaveTextContent(
      'A manager approves this discount with their PIN at payment.',
    );

    const dialog = await findSlowly('pos-approval-dialog');
    expect(within(dialog).getByTestId('approval-summary')).toHaveTextContent(/Discount RM\s?0\.50/);
    // Nothing is sent before the manager types the PIN.
    expect(sales()).toHaveLength(0);

    await typePin(dialog, '1357');
    expect(await within(dialog).findByTestId('approval-error')).toHaveTextContent('Wrong PIN');
    await typePin(dialog, PIN);
    await findSlowly('pos-receipt-dialog');

    const [wrong, right] = sales();
    expect(sales()).toHaveLength(2);
    expect(right?.body).toMatchObject({
      manual_discount: { kind: 'amount', value: 50, reason: 'staff_meal' },
      approval: { approver_id: MANAGER, pin: PIN, device_id: expect.any(String) },
      payments: [{ method: 'cash', amount: 425 }],
    });
    expect(wrong?.body).toMatchObject({ approval: { pin: '1357' } });
    // The refused PIN's answer stays with its key, so the right PIN is a new request.
    expect(keyOf(right)).toBeTruthy();
    expect(keyOf(right)).not.toBe(keyOf(wrong));
  });

  it('leaves the cart and the payment as they were when the PIN is cancelled', async () => {
    const { sales } = renderPos(cashier);
    const payment = await discountedSaleToConfirm();
    const dialog = await findSlowly('pos-approval-dialog');
    await userEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('pos-approval-dialog')).toBeNull());

    expect(sales()).toHaveLength(0);
    expect(screen.getByTestId('pos-payment')).toBe(payment);
    expect(within(payment).getByTestId('pos-tendered')).toHaveValue('4.25');
    expect(within(payment).getByTestId('pos-confirm-payment')).toBeEnabled();
    expect(screen.getAllByTestId('pos-cart-line')).toHaveLength(1);
    expect(screen.getByTestId('pos-discount-total')).toHaveTextContent('0.50');

    // Confirm again asks again.
    await userEvent.click(within(payment).getByTestId('pos-confirm-payment'));
    await typePin(await findSlowly('pos-approval-dialog'), PIN);
    await findSlowly('pos-receipt-dialog');
    expect(sales()).toHaveLength(1);
    expect(sales()[0]?.body).toMatchObject({ approval: { pin: PIN } });
  });

  it('sends no approval and asks no PIN for whoever holds discount-order', async () => {
    const { sales, approversAsked } = renderPos(manager);
    await discountedSaleToConfirm();
    await findSlowly('pos-receipt-dialog');
    expect(screen.queryByTestId('pos-approval-dialog')).toBeNull();
    expect(approversAsked()).toHaveLength(0);
    expect(sales()).toHaveLength(1);
    expect(sales()[0]?.body).toMatchObject({ manual_discount: { value: 50 } });
    expect(sales()[0]?.body).not.toHaveProperty('approval');
  });

  it('asks no PIN for a sale without a discount', async () => {
    const { sales, approversAsked } = renderPos(cashier);
    await userEvent.click(await findSlowly('pos-product-FOD-001'));
    expect(screen.getByTestId('pos-discount')).toBeInTheDocument();
    await payExactCash();
    await findSlowly('pos-receipt-dialog');
    expect(approversAsked()).toHaveLength(0);
    expect(sales()[0]?.body).not.toHaveProperty('approval');
    expect(sales()[0]?.body).not.toHaveProperty('manual_discount');
  });

  it('retries an unanswered approved sale with its key and its approval, without asking again', async () => {
    let lost = 4; // every attempt of the first press goes unanswered
    const rule = pinRule(cashier);
    const { sales, approversAsked } = renderPos(cashier, (call) => {
      if (lost > 0) {
        lost--;
        return { status: 503, body: { code_message: 'service_unavailable' } };
      }
      return rule(call);
    });
    const payment = await discountedSaleToConfirm();
    await typePin(await findSlowly('pos-approval-dialog'), PIN);
    await screen.findByTestId('pos-unconfirmed', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('pos-approval-dialog')).toBeNull();
    const asked = approversAsked().length;

    await userEvent.click(within(payment).getByTestId('pos-confirm-payment'));
    await findSlowly('pos-receipt-dialog');
    expect(screen.queryByTestId('pos-approval-dialog')).toBeNull();
    expect(approversAsked()).toHaveLength(asked);
    const all = sales();
    expect(all).toHaveLength(5);
    expect(new Set(all.map(keyOf)).size).toBe(1);
    for (const call of all) expect(call.body).toEqual(all[0]!.body);
    expect(all[4]?.body).toMatchObject({ approval: { approver_id: MANAGER, pin: PIN } });
  });
});
