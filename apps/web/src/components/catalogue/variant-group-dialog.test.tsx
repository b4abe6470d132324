import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { VariantGroupDialog } from './variant-group-dialog';

// The option the POS chooses unless the cashier picks another: one per group.

const sugar = {
  variant_name: 'Sugar level',
  required: true,
  min_select: 1,
  max_select: 1,
  options: [
    { id: '00000000-0000-4000-8000-000000000001', options_name: 'Normal', price: 0 },
    { id: '00000000-0000-4000-8000-000000000002', options_name: 'Less', price: 0 },
  ],
};

describe('VariantGroupDialog default option', () => {
  it('marks one option default, unticking the other', { timeout: 20_000 }, async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <VariantGroupDialog open initial={sugar} onSubmit={onSubmit} onClose={() => {}} />,
    );
    const dialog = await screen.findByTestId('variant-group-dialog');
    await userEvent.click(within(dialog).getByTestId('variant-group-default-0'));
    await userEvent.click(within(dialog).getByTestId('variant-group-default-1'));
    expect(within(dialog).getByTestId('variant-group-default-0')).not.toBeChecked();
    await userEvent.click(within(dialog).getByTestId('variant-group-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        options: [
          expect.objectContaining({ options_name: 'Normal', is_default: false }),
          expect.objectContaining({ options_name: 'Less', is_default: true }),
        ],
      }),
    );
  });
});
