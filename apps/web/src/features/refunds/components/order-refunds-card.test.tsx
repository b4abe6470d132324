import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { refundOrderId, sampleRefund } from '../refund-fixture';
import { OrderRefundsCard } from './order-refunds-card';

afterEach(() => vi.unstubAllGlobals());

describe('the order’s refunds card', () => {
  it('lists the order’s refunds, each linked to its page', async () => {
    const calls = mockFetch((call) =>
      call.url.startsWith('/api/refunds?')
        ? {
            body: {
              data: [
                sampleRefund({ id: 'r-1', refund_no: 'RF-KL01-000123', status: 'PENDING' }),
                sampleRefund({
                  id: 'r-2',
                  refund_no: 'RF-KL01-000124',
                  status: 'COMPLETED',
                  method: 'cash',
                  amount: 500,
                }),
              ],
              meta: { page: 1, page_size: 50, total: 2 },
            },
          }
        : undefined,
    );
    renderWithProviders(<OrderRefundsCard orderId={refundOrderId} />);
    const card = await screen.findByTestId('order-refunds');
    const rows = within(card).getAllByTestId('order-refund-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'RF-KL01-000123' })).toHaveAttribute(
      'href',
      '/refund/details/r-1',
    );
    expect(rows[1]).toHaveTextContent('Cash');
    expect(calls[0]?.url).toContain(`order_id=${refundOrderId}`);
  });

  it('shows nothing while the order has no refunds', async () => {
    const calls = mockFetch(() => ({
      body: { data: [], meta: { page: 1, page_size: 50, total: 0 } },
    }));
    renderWithProviders(<OrderRefundsCard orderId={refundOrderId} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('order-refunds')).toBeNull();
  });
});
