import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DiscountDialog } from './discount-dialog';
import { retype } from '../../../test/user-steps';

function renderDialog(onApply = vi.fn()) {
  renderWithProviders(
    <DiscountDialog
      open
      current={null}
      subtotal={1000}
      maxBp={2000}
      onApply={onApply}
      onClose={() => {}}
    />,
  );
  return { onApply, dialog: screen.getByTestId('pos-discount-dialog') };
}

describe('DiscountDialog', () => {
  it('applies a percentage with its reason, showing what it takes off', async () => {
    const { onApply, dialog } = renderDialog();
    await userEvent.click(within(dialog).getByTestId('pos-discount-percent'));
    await userEvent.type(within(dialog).getByTestId('pos-discount-value'), '15');
    expect(within(dialog).getByTestId('pos-discount-preview')).toHaveTextContent('1.50');
    await userEvent.click(within(dialog).getByLabelText('Service recovery'));
    await userEvent.click(within(dialog).getByTestId('pos-discount-apply'));
    expect(onApply).toHaveBeenCalledWith({
      kind: 'percent',
      value: 1500,
      reason: 'service_recovery',
    });
  });

  it('cannot apply more than the maximum, and asks a note for "other"', async () => {
    const { onApply, dialog } = renderDialog();
    await userEvent.type(within(dialog).getByTestId('pos-discount-value'), '2.50');
    expect(within(dialog).getByTestId('pos-discount-problem')).toHaveTextContent('2.00');
    expect(within(dialog).getByTestId('pos-discount-apply')).toBeDisabled();

    await retype(within(dialog).getByTestId('pos-discount-value'), '1');
    // No reason is picked for the cashier.
    expect(within(dialog).getByRole('radiogroup').querySelector('input:checked')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('pos-discount-apply'));
    expect(onApply).not.toHaveBeenCalled();
    expect(within(dialog).getByTestId('pos-discount-reason-missing')).toHaveTextContent(
      'Choose the reason for the discount',
    );
    await userEvent.click(within(dialog).getByLabelText('Other'));
    await userEvent.click(within(dialog).getByTestId('pos-discount-apply'));
    expect(onApply).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Say why the discount is given')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('pos-discount-note'), 'Birthday');
    await userEvent.click(within(dialog).getByTestId('pos-discount-apply'));
    expect(onApply).toHaveBeenCalledWith({
      kind: 'amount',
      value: 100,
      reason: 'other',
      note: 'Birthday',
    });
  });
});
