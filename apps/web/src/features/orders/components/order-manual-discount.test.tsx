import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../../../components/receipt/order-fixture';
import { renderWithProviders } from '../../../test/render';
import { OrderFactsCard } from './order-summary-cards';

describe('order facts: manual discount', () => {
  it('says how much, why and who gave it', () => {
    renderWithProviders(
      <OrderFactsCard
        order={sampleOrder({
          manual_discount: {
            kind: 'percent',
            value: 500,
            reason: 'service_recovery',
            note: 'Wrong drink first',
            amount: 100,
            by_user_id: null,
            by_name: 'Aminah Manager',
          },
        })}
      />,
    );
    const text = screen.getByTestId('order-manual-discount').textContent ?? '';
    expect(text).toContain('1.00');
    expect(text).toContain('Service recovery');
    expect(text).toContain('Aminah Manager');
    expect(text).toContain('Wrong drink first');
  });

  it('shows nothing without one', () => {
    renderWithProviders(<OrderFactsCard order={sampleOrder()} />);
    expect(screen.queryByTestId('order-manual-discount')).toBeNull();
  });
});
