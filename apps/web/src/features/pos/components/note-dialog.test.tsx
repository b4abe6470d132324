import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MAX_NOTE_LENGTH, type CartLine } from '../cart';
import { ids } from '../test-menu';
import { NoteDialog } from './note-dialog';
import { retype } from '../../../test/user-steps';

const nasiLemak: CartLine = {
  key: `${ids.kopi}|||`,
  product_id: ids.kopi,
  name: 'Nasi Lemak',
  sku: 'FOD-001',
  unit_price: 1290,
  options: [],
  addons: [],
  notes: 'extra sambal',
  quantity: 1,
};

describe('note dialog', () => {
  it('shows the line’s note, and Enter saves the new one', async () => {
    const onSave = vi.fn();
    renderWithProviders(<NoteDialog line={nasiLemak} onSave={onSave} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Note: Nasi Lemak' })).toBeInTheDocument();
    const input = screen.getByTestId('pos-note-input');
    expect(input).toHaveValue('extra sambal');
    expect(input).toHaveAttribute('maxlength', String(MAX_NOTE_LENGTH));
    await retype(input, 'no cucumber{Enter}');
    expect(onSave).toHaveBeenCalledWith('no cucumber');
  });

  it('saves with the button, and Cancel leaves the note as it was', async () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<NoteDialog line={nasiLemak} onSave={onSave} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByTestId('pos-note-input'));
    await userEvent.click(screen.getByTestId('pos-note-save'));
    expect(onSave).toHaveBeenCalledWith('');
  });

  it('is closed without a line', () => {
    renderWithProviders(<NoteDialog line={null} onSave={() => {}} onClose={() => {}} />);
    expect(screen.queryByTestId('pos-note-dialog')).toBeNull();
  });
});
