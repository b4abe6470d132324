import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../../components/receipt/order-fixture';
import { i18n } from '../../../lib/i18n/i18n';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { OrderDetailsPage } from './order-details-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  resetToasts();
  await i18n.changeLanguage('en');
});

const mayUpdate = (action: string, subject: string) =>
  (action === 'read' && subject === 'order') || (action === 'update' && subject === 'status-order');

function renderDetails(
  answer: (id: string) => { status?: number; body?: unknown },
  can = mayUpdate,
) {
  const calls = mockFetch((call) => {
    const match = /^\/api\/orders\/([^/?]+)$/.exec(call.url);
    return match ? answer(match[1]!) : undefined;
  });
  renderWithProviders(<OrderDetailsPage />, {
    route: `/order/details/${sampleOrder().id}`,
    path: '/order/details/:id',
    can,
  });
  return calls;
}

describe('order details', () => {
  it('shows each unit price with its options and add-ons, so quantity × unit price = amount', async () => {
    renderDetails(() => ({ body: { data: sampleOrder() } }));
    const [first, second] = await screen.findAllByTestId('order-item');
    // RM 4.50 + Large RM 1.00 + Extra shot RM 1.50 = RM 7.00; × 2 = RM 14.00.
    const cells = within(first!).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('RM 7.00');
    expect(cells[3]).toHaveTextContent('RM 14.00');
    expect(within(second!).getAllByRole('cell')[2]).toHaveTextContent('RM 5.00');
  });

  it('shows a friendly not-found state for an unknown order', async () => {
    renderDetails(() => ({
      status: 404,
      body: { code_message: 'not_found', message: 'Not found' },
    }));
    const state = await screen.findByTestId('order-not-found');
    expect(state).toHaveTextContent('Order not found');
    expect(within(state).getByRole('link', { name: 'Back to orders' })).toHaveAttribute(
      'href',
      '/order/list',
    );
  });

  it('shows the order: status, items, breakdown, payments and its status history', async () => {
    const order: Order = sampleOrder({
      status: 'REJECTED',
      allowed_statuses: [],
      refund_due: 2100,
      history: [
        {
          from: null,
          to: 'PENDING',
          at: '2026-03-15T01:30:05.000Z',
          by: 'Siti',
          reason: null,
          reason_code: 'paid_at_counter',
          reason_params: {},
        },
        {
          from: 'PENDING',
          to: 'REJECTED',
          at: '2026-03-15T01:40:00.000Z',
          by: 'Tan Wei Ming',
          reason: 'Out of oat milk',
          reason_code: null,
          reason_params: null,
        },
      ],
    });
    renderDetails(() => ({ body: { data: order } }));
    const root = await screen.findByTestId('order-details');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order KL01-20260315-0042');
    expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'REJECTED');
    expect(screen.getByTestId('order-via')).toHaveTextContent('POS');
    expect(root).toHaveTextContent('Size: Large');
    expect(root).toHaveTextContent('+ Extra shot');
    expect(root).toHaveTextContent('Note: Less sugar');

    const breakdown = screen.getByTestId('order-breakdown');
    for (const label of ['Subtotal', 'Discount', 'Service charge', 'SST', 'Rounding', 'Total']) {
      expect(breakdown).toHaveTextContent(label);
    }
    expect(breakdown).not.toHaveTextContent('Delivery fee');
    expect(breakdown).not.toHaveTextContent('Refunded');
    expect(screen.getByTestId('order-total')).toHaveTextContent('21.00');
    expect(screen.getByTestId('order-change')).toHaveTextContent('29.00');
    expect(screen.getByTestId('order-refund-due')).toHaveTextContent('21.00');

    const timeline = screen.getByTestId('order-timeline');
    const entries = within(timeline).getAllByTestId('order-timeline-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Order placed');
    expect(entries[0]).toHaveTextContent('Reason: Paid at the counter');
    expect(entries[1]).toHaveTextContent('Pending→Rejected');
    expect(entries[1]).toHaveTextContent('2026/03/15 09:40:00 · by Tan Wei Ming');
    expect(entries[1]).toHaveTextContent('Reason: Out of oat milk');

    // A rejected order has no moves left.
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows the system’s own reasons in the screen’s language, and typed ones as written', async () => {
    const order: Order = sampleOrder({
      source: 'mobile-apps',
      via: 'MOBILE',
      status: 'REJECTED',
      allowed_statuses: [],
      history: [
        {
          from: null,
          to: 'CREATED',
          at: '2026-03-15T01:30:05.000Z',
          by: null,
          reason: null,
          reason_code: 'placed_in_app',
          reason_params: {},
        },
        {
          from: 'CREATED',
          to: 'PENDING',
          at: '2026-03-15T01:31:00.000Z',
          by: null,
          reason: null,
          reason_code: 'paid_online',
          reason_params: { amount: 123450, method: 'tng' },
        },
        {
          from: 'PENDING',
          to: 'REJECTED',
          at: '2026-03-15T01:32:00.000Z',
          by: null,
          reason: null,
          reason_code: 'cancelled_by_customer',
          reason_params: { note: 'ordered twice' },
        },
      ],
    });
    renderDetails(() => ({ body: { data: order } }));
    const timeline = await screen.findByTestId('order-timeline');
    const entries = within(timeline).getAllByTestId('order-timeline-entry');
    expect(entries[0]).toHaveTextContent('Reason: Placed in the app');
    expect(entries[1]).toHaveTextContent("Reason: Paid online: RM 1,234.50 (Touch 'n Go eWallet)");
    expect(entries[2]).toHaveTextContent('Reason: Cancelled by the customer: ordered twice');

    await act(() => i18n.changeLanguage('my'));
    expect(entries[0]).toHaveTextContent('Sebab: Dibuat dalam aplikasi');
    expect(entries[1]).toHaveTextContent(
      "Sebab: Dibayar dalam talian: RM 1,234.50 (Touch 'n Go eWallet)",
    );
    // What the customer typed stays as they wrote it.
    expect(entries[2]).toHaveTextContent('Sebab: Dibatalkan oleh pelanggan: ordered twice');
  });

  it('offers the moves of allowed_statuses and refetches after one', async () => {
    let order = sampleOrder({ status: 'PENDING', allowed_statuses: ['APPROVED', 'REJECTED'] });
    const calls = mockFetch((call) => {
      if (call.url === `/api/orders/${order.id}/status`) {
        order = { ...order, status: 'APPROVED', allowed_statuses: ['COMPLETED', 'REJECTED'] };
        return { body: { data: order } };
      }
      if (call.url === `/api/orders/${order.id}`) return { body: { data: order } };
      return undefined;
    });
    renderWithProviders(<OrderDetailsPage />, {
      route: `/order/details/${order.id}`,
      path: '/order/details/:id',
      can: mayUpdate,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Mark completed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'APPROVED');
    expect(calls.filter((c) => c.url === `/api/orders/${order.id}`)).toHaveLength(2);
  });

  it('shows no moves to a user who may only read orders', async () => {
    renderDetails(
      () => ({ body: { data: sampleOrder() } }),
      (a, s) => a === 'read' && s === 'order',
    );
    await screen.findByTestId('order-details');
    expect(screen.queryByRole('button', { name: 'Mark completed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByTestId('order-print-receipt')).toBeInTheDocument();
  });

  it('labels an order whose money went back, partly or wholly', async () => {
    const order = sampleOrder();
    renderDetails(() => ({ body: { data: { ...order, refunded: order.paid - 100 } } }));
    expect(await screen.findByTestId('order-refund-state')).toHaveTextContent('Partly refunded');
  });

  it('prints the receipt from a dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderDetails(() => ({ body: { data: sampleOrder() } }));
    await userEvent.click(await screen.findByTestId('order-print-receipt'));
    const dialog = await screen.findByTestId('receipt-dialog');
    expect(within(dialog).getByTestId('order-receipt')).toHaveTextContent('KL01-20260315-0042');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
  });
});

describe('order details actions added by the app', () => {
  it('shows the extra actions with the order they act on', async () => {
    mockFetch((call) =>
      call.url === `/api/orders/${sampleOrder().id}`
        ? { body: { data: sampleOrder() } }
        : undefined,
    );
    renderWithProviders(
      <OrderDetailsPage
        extraActions={(order) => <button type="button">{`Extra ${order.order_no}`}</button>}
      />,
      { route: `/order/details/${sampleOrder().id}`, path: '/order/details/:id', can: mayUpdate },
    );
    expect(
      await screen.findByRole('button', { name: 'Extra KL01-20260315-0042' }),
    ).toBeInTheDocument();
  });
});
