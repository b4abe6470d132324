import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, type Call } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { croissantId, refundOrderId, sampleRefund, sampleRefundable } from '../refund-fixture';
import { OrderRefundAction } from './order-refund-action';
import { chooseOption, retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const mayCreate = (action: string, subject: string) => action === 'create' && subject === 'order';

function setup(
  answerCreate: (call: Call) => { status?: number; body?: unknown } = () => ({
    status: 201,
    body: { data: sampleRefund() },
  }),
  customerId: string | null = null,
  refundable = sampleRefundable(),
) {
  const calls = mockFetch((call) => {
    if (call.url === `/api/orders/${refundOrderId}/refundable`)
      return { body: { data: refundable } };
    if (call.url === '/api/refunds' && call.method === 'POST') return answerCreate(call);
    return undefined;
  });
  const onCreated = vi.fn();
  renderWithProviders(
    <OrderRefundAction
      order={{
        id: refundOrderId,
        order_no: 'KL01-20260315-0042',
        paid: 4000,
        refunded: 1500,
        customer_id: customerId,
      }}
      onCreated={onCreated}
    />,
    { can: mayCreate },
  );
  return { calls, onCreated, posts: () => calls.filter((c) => c.method === 'POST') };
}

/** The action on an order paid RM 40.00 of which `refunded` sen went back, with no server. */
function renderRefundAction(refunded: number, can: (action: string, subject: string) => boolean) {
  mockFetch(() => undefined);
  renderWithProviders(
    <OrderRefundAction
      order={{ id: refundOrderId, order_no: 'X', paid: 4000, refunded, customer_id: null }}
      onCreated={vi.fn()}
    />,
    { can },
  );
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
  return screen.findByTestId('refundable');
}

/** Submits the dialog and gives the body of the one request it sent. */
async function submitOnce(posts: () => Call[]) {
  await userEvent.click(screen.getByTestId('refund-dialog-submit'));
  await waitFor(() => expect(posts()).toHaveLength(1));
  return posts()[0]?.body;
}

// Filling the whole form (bank, holder, account number) types many keys: slow on a busy 2-core CI.
describe('the Refund action of an order', { timeout: 20_000 }, () => {
  it('is not offered without create-order', () => {
    renderRefundAction(0, () => false);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('is not offered once everything paid was refunded', () => {
    renderRefundAction(4000, mayCreate);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('shows what remains refundable', async () => {
    setup();
    const refundable = await open();
    expect(refundable).toHaveTextContent('Paid: RM 40.00');
    expect(refundable).toHaveTextContent('Remaining refundable: RM 25.00');
    expect(screen.getByTestId('refund-dialog-total')).toHaveTextContent('RM 25.00');
  });

  it('asks for a reason, and a note for "Other", before sending anything', async () => {
    const { posts } = setup();
    await open();
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    expect(screen.getByTestId('refund-dialog')).toHaveTextContent('This field is required');
    await chooseOption('refund-reason', 'Other');
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    expect(screen.getByTestId('refund-dialog')).toHaveTextContent('Say what the reason is.');
    expect(posts()).toHaveLength(0);
  });

  it('refuses items without a quantity and an amount above what remains', async () => {
    const { posts } = setup();
    await open();
    await chooseOption('refund-reason', 'Wrong item');
    await userEvent.click(screen.getByLabelText('Items'));
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    expect(screen.getByTestId('refund-dialog')).toHaveTextContent('Choose at least one item.');
    await userEvent.click(screen.getByLabelText('An amount'));
    await userEvent.type(screen.getByTestId('refund-amount-input'), '30');
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    expect(screen.getByTestId('refund-dialog')).toHaveTextContent(
      'At most RM 25.00 remains refundable.',
    );
    // Far beyond any refund: the contract's range in ringgit, not "Enter an amount".
    await retype(screen.getByTestId('refund-amount-input'), '99999999');
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    expect(screen.getByTestId('refund-dialog')).toHaveTextContent(
      'The maximum amount is RM 1,000,000.00',
    );
    expect(posts()).toHaveLength(0);
  });

  it('sends chosen items and quantities with an Idempotency-Key, then refreshes the order', async () => {
    const { posts, onCreated } = setup();
    await open();
    await userEvent.click(screen.getByLabelText('Items'));
    const items = screen.getByTestId('refund-dialog-items');
    await retype(within(items).getByLabelText('Quantity of Croissant'), '2');
    expect(screen.getByTestId('refund-dialog-total')).toHaveTextContent('RM 10.00');
    await chooseOption('refund-reason', 'Quality issue');
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [post] = posts();
    expect(post?.body).toEqual({
      order_id: refundOrderId,
      kind: 'items',
      items: [{ order_item_id: croissantId, quantity: 2 }],
      method: 'original',
      reason: 'quality_issue',
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('needs the bank details for a bank transfer and sends them', async () => {
    const { posts } = setup();
    await open();
    await chooseOption('refund-method', 'Bank transfer');
    await chooseOption('refund-reason', 'Charged twice');
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    expect(posts()).toHaveLength(0);
    await chooseOption('refund-bank', 'Maybank');
    await userEvent.type(screen.getByTestId('refund-accountHolder'), 'Aisyah Rahman');
    await userEvent.type(screen.getByTestId('refund-accountNumber'), '12ab');
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    expect(screen.getByTestId('refund-dialog')).toHaveTextContent('6–20 digits');
    await retype(screen.getByTestId('refund-accountNumber'), '1122334455');
    expect(await submitOnce(posts)).toEqual({
      order_id: refundOrderId,
      kind: 'full',
      method: 'bank_transfer',
      reason: 'duplicate_charge',
      bank: { bank_code: 'MBB', account_holder: 'Aisyah Rahman', account_number: '1122334455' },
    });
  });

  const offered = async () => {
    await userEvent.click(screen.getByTestId('refund-method'));
    return (await screen.findAllByRole('option')).map((o) => o.textContent);
  };

  it('offers a card order no cash, and the customer wallet only when it has a customer', async () => {
    setup();
    await open();
    expect(screen.getByTestId('refund-method')).toHaveTextContent('Original payment method');
    // Card: back to the card, or by transfer; cash only goes back for cash.
    expect(await offered()).toEqual(['Original payment method', 'Bank transfer']);
  });

  it('offers a cash order cash (chosen at first) and no original payment method', async () => {
    const cash = sampleRefundable({ by_method: [{ method: 'cash', paid: 4000, remaining: 2500 }] });
    const { posts } = setup(undefined, '00000000-0000-4000-8000-0000000000c1', cash);
    await open();
    expect(screen.getByTestId('refund-method')).toHaveTextContent('Cash');
    expect(await offered()).toEqual(['Cash', 'Bank transfer', 'Customer wallet']);
    await userEvent.keyboard('{Escape}');
    await chooseOption('refund-reason', 'Wrong item');
    expect(await submitOnce(posts)).toMatchObject({ method: 'cash' });
  });

  it('offers a split cash and e-wallet order both', async () => {
    setup(
      undefined,
      null,
      sampleRefundable({
        by_method: [
          { method: 'cash', paid: 1000, remaining: 1000 },
          { method: 'tng', paid: 3000, remaining: 1500 },
        ],
      }),
    );
    await open();
    expect(await offered()).toEqual(['Original payment method', 'Cash', 'Bank transfer']);
  });

  it('refunds to the customer wallet, saying it is credited once completed', async () => {
    const { posts } = setup(undefined, '00000000-0000-4000-8000-0000000000c1');
    await open();
    await chooseOption('refund-method', 'Customer wallet');
    expect(screen.getByTestId('refund-wallet-hint')).toHaveTextContent(
      'credited to the customer’s Kopi wallet at once when the refund is completed',
    );
    await chooseOption('refund-reason', 'Wrong item');
    expect(await submitOnce(posts)).toEqual({
      order_id: refundOrderId,
      kind: 'full',
      method: 'wallet',
      reason: 'wrong_item',
    });
  });

  it('sends a resubmit after an unanswered attempt with the first attempt’s key', async () => {
    let answer = { status: 503, body: { code_message: 'service_unavailable' } } as {
      status: number;
      body: unknown;
    };
    const { posts } = setup(() => answer);
    await open();
    await chooseOption('refund-reason', 'Wrong item');
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('refund-dialog-submit')).not.toBeDisabled());
    await waitFor(() => expect(posts().length).toBeGreaterThan(0));
    const firstKey = posts()[0]?.headers.get('Idempotency-Key');
    answer = { status: 201, body: { data: sampleRefund() } };
    await userEvent.click(screen.getByTestId('refund-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('refund-dialog')).toBeNull());
    const keys = posts().map((p) => p.headers.get('Idempotency-Key'));
    expect(new Set(keys)).toEqual(new Set([firstKey]));
  });
});
