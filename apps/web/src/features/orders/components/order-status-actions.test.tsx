import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../../components/receipt/order-fixture';
import { resetToasts } from '../../../lib/toasts';
import { errorAnswer, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import { OrderStatusActions } from './order-status-actions';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const mayUpdate = (action: string, subject: string) =>
  action === 'update' && subject === 'status-order';

const manager = { id: 'u-manager', fullname: 'Tan Wei Ming', locked: false };

/** A signed-in user who may void a paid order alone (a manager), unless `permissions` say less. */
function setup(order = sampleOrder(), can = mayUpdate, permissions = ['void-order']) {
  setTestSession({ id: 'u1' }, { permissions });
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/approvers')) return { body: { data: [manager] } };
    if (call.url === `/api/orders/${order.id}/status`) {
      const { status } = call.body as { status: string };
      return { body: { data: { ...order, status } } };
    }
    return undefined;
  });
  const onSettled = vi.fn();
  renderWithProviders(<OrderStatusActions order={order} onSettled={onSettled} />, { can });
  return { calls, onSettled };
}

describe('order status actions', () => {
  it('shows only the moves the order allows', () => {
    setup(sampleOrder({ status: 'PENDING', allowed_statuses: ['APPROVED', 'REJECTED'] }));
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark completed' })).toBeNull();
  });

  it('shows nothing to a user who may not move orders', () => {
    setup(sampleOrder(), (action, subject) => action === 'read' && subject === 'order');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('accepts at once and refreshes the order', async () => {
    const order = sampleOrder({ status: 'PENDING', allowed_statuses: ['APPROVED', 'REJECTED'] });
    const { calls, onSettled } = setup(order);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onSettled).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'APPROVED' });
  });

  it('asks before marking an order completed', async () => {
    const { calls } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Mark completed' }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Mark this order completed?');
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'COMPLETED' }),
    );
  });

  it('needs a reason to reject, and sends it', async () => {
    const { calls, onSettled } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByTestId('confirm-dialog');
    // A paid order: the dialog says a refund will be due.
    expect(dialog).toHaveTextContent('a refund of that amount will be due');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('Give the reason for rejecting the order.'),
    ).toBeVisible();
    // Blank space is no reason either (the contract trims it).
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give the reason for rejecting the order.')).toBeVisible();
    expect(calls).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Out of oat milk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onSettled).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      status: 'REJECTED',
      reason: 'Out of oat milk',
    });
  });

  it('voids a paid order with a manager’s PIN when the user may not alone', async () => {
    const { calls, onSettled } = setup(sampleOrder(), mayUpdate, ['update-status-order']);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByTestId('confirm-dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Out of oat milk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const pin = await screen.findByTestId('pos-approval-dialog');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(pin).getByTestId('approval-pin'), '2468');
    await userEvent.click(within(pin).getByTestId('pos-approval-apply'));
    await waitFor(() => expect(onSettled).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      status: 'REJECTED',
      reason: 'Out of oat milk',
      approval: { approver_id: manager.id, pin: '2468' },
    });
  });

  it('refreshes the order after a 409 (moved meanwhile) and closes the dialog', async () => {
    const order = sampleOrder();
    mockFetch((call) =>
      call.url === `/api/orders/${order.id}/status`
        ? errorAnswer(409, 'invalid_status_transition', 'The order cannot move to this status')
        : undefined,
    );
    const onSettled = vi.fn();
    renderWithProviders(<OrderStatusActions order={order} onSettled={onSettled} />, {
      can: mayUpdate,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Mark completed' }));
    await userEvent.click(
      within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Mark completed' }),
    );
    await waitFor(() => expect(onSettled).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
  });
});
