import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WalletSection } from './wallet-section';

// The report's wallet section: the figures of the range beside the previous period's.

const figures = {
  topups: 2,
  topup_amount: 300_000,
  spends: 1,
  spend: 1_500,
  other_credit: 800,
  other_debit: 300,
  opening: 5_000,
  outstanding: 304_000,
};

describe('WalletSection', () => {
  it('lists every figure, counts as numbers and amounts in ringgit, beside the previous period', () => {
    renderWithProviders(
      <WalletSection wallet={{ current: figures, previous: { ...figures, topups: 1 } }} />,
    );
    const rows = screen.getAllByTestId('report-wallet-row');
    expect(rows.map((r) => r.getAttribute('data-key'))).toEqual([
      'topups',
      'topup_amount',
      'spends',
      'spend',
      'other_credit',
      'other_debit',
      'opening',
      'outstanding',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Top-ups', '2', '1']);
    expect(rows[1]).toHaveTextContent('Topped up (RM)');
    expect(rows[7]).toHaveTextContent('3,040.00');
    expect(screen.getByRole('columnheader', { name: 'Previous period' })).toBeInTheDocument();
  });

  it('has no previous column without a compared period, and explains an outlet view', () => {
    const { unmount } = renderWithProviders(
      <WalletSection wallet={{ current: figures, previous: null }} />,
    );
    expect(screen.queryByRole('columnheader', { name: 'Previous period' })).toBeNull();
    unmount();
    renderWithProviders(<WalletSection wallet={null} />);
    expect(screen.getByTestId('report-wallet-outlet')).toHaveTextContent(
      'Wallets belong to the business',
    );
  });
});
