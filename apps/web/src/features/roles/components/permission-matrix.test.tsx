import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { catalogueFor } from '../../../lib/permission-catalogue';
import { renderWithProviders } from '../../../test/render';
import { buildMatrix } from '../matrix';
import { PermissionMatrix } from './permission-matrix';

const areas = buildMatrix(catalogueFor(false));

function Harness({
  initial = [],
  changeable,
  onChange,
}: {
  initial?: string[];
  changeable?: (p: string) => boolean;
  onChange?: (next: string[]) => void;
}) {
  const [selected, setSelected] = useState(new Set(initial));
  return (
    <PermissionMatrix
      areas={areas}
      selected={selected}
      changeable={changeable}
      onChange={(next) => {
        setSelected(next);
        onChange?.([...next].sort());
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('permission matrix', () => {
  it('ticks a whole row and shows the row as mixed when only some of it is ticked', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const row = box('Every permission of Order status board');
    expect(row).not.toBeChecked();

    await userEvent.click(row);
    expect(onChange).toHaveBeenLastCalledWith([
      'create-status-order',
      'delete-status-order',
      'read-status-order',
      'update-status-order',
    ]);
    expect(row).toBeChecked();
    expect(box('View the order status board')).toBeChecked();

    await userEvent.click(box('Delete the order status board'));
    expect(row).toBePartiallyChecked();
    // The area holding it is mixed too.
    expect(box('Every permission of Orders and POS')).toBePartiallyChecked();

    // Mixed → everything.
    await userEvent.click(row);
    expect(row).toBeChecked();
    // All → nothing.
    await userEvent.click(row);
    expect(row).not.toBeChecked();
    expect(row).not.toBePartiallyChecked();
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('ticks a whole column across every area', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={['read-pos']} onChange={onChange} />);
    const column = box('View: every row');
    expect(column).toBePartiallyChecked();
    await userEvent.click(column);
    expect(column).toBeChecked();
    const sent = onChange.mock.lastCall![0] as string[];
    expect(sent).toContain('read-dashboard');
    expect(sent).toContain('read-log');
    expect(sent.every((p) => p.startsWith('read-'))).toBe(true);
    expect(box('View customers')).toBeChecked();
    expect(box('Create customers')).not.toBeChecked();
    // The named permissions have their own column.
    expect(box('Other: every row')).not.toBeChecked();
    await userEvent.click(column);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('disables boxes of permissions the user does not hold and select-all skips them', async () => {
    const onChange = vi.fn();
    const mine = (p: string) => p !== 'delete-user';
    renderWithProviders(<Harness changeable={mine} onChange={onChange} />);
    expect(box('Delete staff users')).toBeDisabled();
    await userEvent.click(box('Every permission of Staff users'));
    expect(onChange).toHaveBeenLastCalledWith(['create-user', 'read-user', 'update-user']);
    expect(box('Every permission of Staff users')).toBePartiallyChecked();
  });

  it('is worked with the keyboard: Tab to a box, Space to tick it', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const table = screen.getByRole('table', { name: 'Permissions by area' });
    within(table).getByRole('checkbox', { name: 'View: every row' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(box('Create: every row'));
    await userEvent.keyboard(' ');
    expect(box('Create the point of sale')).toBeChecked();
  });
});
