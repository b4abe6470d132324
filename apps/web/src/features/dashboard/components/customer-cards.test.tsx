import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CustomerCards } from './customer-cards';

// The dashboard's customers of the day, against the same weekday last week by this time.

describe('CustomerCards', () => {
  it("shows today's new and returning customers against last week by this time", () => {
    renderWithProviders(
      <CustomerCards
        customers={{ new: 6, returning: 12_500, compare_new: 4, compare_returning: 0 }}
        compareDay="2026/03/08"
      />,
    );
    const joined = screen.getByTestId('dashboard-kpi-new-customers');
    expect(joined).toHaveTextContent('New customers today');
    expect(within(joined).getByTestId('dashboard-kpi-new-customers-value')).toHaveTextContent('6');
    expect(within(joined).getByTestId('dashboard-kpi-new-customers-change')).toHaveTextContent(
      '+50.0%',
    );
    expect(joined).toHaveTextContent('2026/03/08 by this time: 4');
    const back = screen.getByTestId('dashboard-kpi-returning-customers');
    expect(within(back).getByTestId('dashboard-kpi-returning-customers-value')).toHaveTextContent(
      '12.5k',
    );
    // Nobody came back last week by this time: no percent to show.
    expect(within(back).getByTestId('dashboard-kpi-returning-customers-change')).toHaveTextContent(
      'New',
    );
    expect(back).toHaveTextContent('Paid for an order today and on an earlier day');
  });
});
