import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KpiCard } from './kpi-card';
import { percentChange } from '../lib/percent-change';

describe('KpiCard', () => {
  it('shows the value and how it moved, in words for screen readers', () => {
    render(
      <KpiCard testId="k" label="Net sales" value="RM 150.00" change={percentChange(150, 100)} />,
    );
    expect(screen.getByTestId('k-value')).toHaveTextContent('RM 150.00');
    const change = screen.getByTestId('k-change');
    expect(change).toHaveTextContent('+50.0%');
    expect(change).toHaveAttribute('aria-label', 'Up +50.0%');
    expect(change).toHaveAttribute('data-direction', 'up');
  });

  it('says "New" when the compared period had nothing', () => {
    render(<KpiCard testId="k" label="Orders" value="12" change={percentChange(12, 0)} />);
    expect(screen.getByTestId('k-change')).toHaveTextContent('New');
    expect(screen.getByTestId('k-change')).toHaveAttribute(
      'aria-label',
      'Nothing in the compared period',
    );
  });

  it('shows no change at all without a compared period', () => {
    render(<KpiCard testId="k" label="Refunds" value="RM 0.00" change={null} invert />);
    expect(screen.queryByTestId('k-change')).not.toBeInTheDocument();
  });

  it('flat is "No change" at 0 %', () => {
    render(
      <KpiCard testId="k" label="Refunds" value="RM 0.00" change={percentChange(0, 0)} invert />,
    );
    expect(screen.getByTestId('k-change')).toHaveTextContent('0%');
    expect(screen.getByTestId('k-change')).toHaveAttribute('aria-label', 'No change');
  });
});
