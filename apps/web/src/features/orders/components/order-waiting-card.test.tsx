import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@kopi/contract';
import { sampleOrder } from '../../../components/receipt/order-fixture';
import { renderWithProviders } from '../../../test/render';
import { OrderWaitingCard } from './order-waiting-card';

const renderCard = (order: Partial<Order>) =>
  renderWithProviders(<OrderWaitingCard order={sampleOrder(order)} />);

describe('order waiting times', () => {
  it('shows placed, ready and served with how long each step took', () => {
    renderCard({
      status: 'COMPLETED',
      created_at: '2026-03-15T01:30:05.000Z',
      ready_at: '2026-03-15T01:36:35.000Z',
      handed_over_at: '2026-03-15T01:39:05.000Z',
      handed_over_by: 'Siti Cashier',
    });
    expect(screen.getByTestId('order-wait-ready')).toHaveTextContent('after 6 min 30 s');
    // Dine in: the table was served.
    expect(screen.getByTestId('order-wait-handed-over')).toHaveTextContent('Served');
    expect(screen.getByTestId('order-wait-handed-over')).toHaveTextContent('after 2 min 30 s');
    expect(screen.getByText('by Siti Cashier')).toBeInTheDocument();
  });

  it('says "Not yet" for the steps still ahead, and "Handed over" for a pick-up', () => {
    renderCard({ serving_method: 'pick_up', table_no: null });
    expect(screen.getByTestId('order-wait-ready')).toHaveTextContent('Not yet');
    expect(screen.getByTestId('order-wait-handed-over')).toHaveTextContent('Handed over');
    expect(screen.getByTestId('order-wait-handed-over')).toHaveTextContent('Not yet');
  });

  it('says when, by whom and why a ready order was cleared as not collected', () => {
    renderCard({
      status: 'COMPLETED',
      serving_method: 'pick_up',
      table_no: null,
      ready_at: '2026-03-15T01:36:35.000Z',
      not_collected_at: '2026-03-15T05:00:00.000Z',
      not_collected_by: 'Mei Manager',
      not_collected_reason: 'Customer never came',
    });
    const cleared = screen.getByTestId('order-wait-not-collected');
    expect(cleared).toHaveTextContent('Not collected');
    expect(cleared).toHaveTextContent('Cleared by Mei Manager: Customer never came');
    // Never handed over.
    expect(screen.getByTestId('order-wait-handed-over')).toHaveTextContent('Not yet');
  });

  it('shows nothing of it for an order not cleared', () => {
    renderCard({ status: 'COMPLETED' });
    expect(screen.queryByTestId('order-wait-not-collected')).toBeNull();
  });
});
