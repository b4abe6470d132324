import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WaitingCards } from './waiting-cards';

describe('dashboard waiting times', () => {
  it('shows the average waits of the day with how many orders they cover', () => {
    renderWithProviders(
      <WaitingCards
        waiting={{
          ready_orders: 12,
          avg_to_ready_seconds: 390,
          handed_over_orders: 1,
          avg_to_handed_over_seconds: 75,
        }}
      />,
    );
    const toReady = screen.getByTestId('dashboard-kpi-wait-to-ready');
    expect(toReady).toHaveTextContent('Average placed → ready');
    expect(toReady).toHaveTextContent('6 min 30 s');
    expect(toReady).toHaveTextContent('Over 12 orders today');
    const handed = screen.getByTestId('dashboard-kpi-wait-to-handed-over');
    expect(handed).toHaveTextContent('1 min 15 s');
    expect(handed).toHaveTextContent('Over 1 order today');
  });

  it('shows a dash when nothing was handed over yet', () => {
    renderWithProviders(
      <WaitingCards
        waiting={{
          ready_orders: 0,
          avg_to_ready_seconds: null,
          handed_over_orders: 0,
          avg_to_handed_over_seconds: null,
        }}
      />,
    );
    expect(screen.getByTestId('dashboard-kpi-wait-to-ready')).toHaveTextContent('—');
  });
});
