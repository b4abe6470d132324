import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditDiff } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AuditDiffView } from './audit-diff-view';

const before = {
  username: 'barista1',
  fullname: 'Nur Aisyah',
  status: 'active',
  permissions: ['read-pos', 'read-status-order'],
  settings: { theme: 'light' },
};
const after = {
  username: 'barista1',
  fullname: 'Nur Aisyah',
  status: 'disabled',
  permissions: ['read-pos', 'create-pos'],
  settings: { theme: 'light' },
};

const rows = () => screen.getAllByTestId('audit-diff-row');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('audit diff view', () => {
  it('shows each change as field, before and after, marked by kind', () => {
    renderWithProviders(
      <AuditDiffView changes={auditDiff(before, after)} before={before} after={after} />,
    );
    expect(screen.getByText('3 changes')).toBeInTheDocument();
    const shown = rows();
    expect(shown.map((r) => r.dataset.kind)).toEqual(['added', 'removed', 'changed']);
    expect(cells(shown[0]!)).toEqual(['permissions[]Added', '—', 'create-pos']);
    expect(cells(shown[1]!)).toEqual(['permissions[]Removed', 'read-status-order', '—']);
    expect(cells(shown[2]!)).toEqual(['statusChanged', 'active', 'disabled']);
  });

  it('lists the unchanged fields too when asked, unmarked', async () => {
    renderWithProviders(
      <AuditDiffView changes={auditDiff(before, after)} before={before} after={after} />,
    );
    await userEvent.click(screen.getByLabelText('Show unchanged fields'));
    const shown = rows();
    expect(shown.map((r) => r.dataset.kind)).toEqual([
      'same',
      'added',
      'removed',
      'same',
      'changed',
      'same',
    ]);
    expect(cells(shown[0]!)).toEqual(['fullname', 'Nur Aisyah', 'Nur Aisyah']);
    expect(cells(shown[3]!)).toEqual(['settings.theme', 'light', 'light']);
  });

  it('shows a create (no before) field by field and says when nothing changed', () => {
    const created = { name: 'Barista', description: null };
    const { unmount } = renderWithProviders(
      <AuditDiffView changes={auditDiff(null, created)} before={null} after={created} />,
    );
    expect(cells(rows()[0]!)).toEqual(['descriptionAdded', '—', '(empty)']);
    expect(cells(rows()[1]!)).toEqual(['nameAdded', '—', 'Barista']);
    unmount();
    renderWithProviders(<AuditDiffView changes={[]} before={null} after={null} />);
    expect(screen.getByTestId('audit-diff-none')).toHaveTextContent('Nothing changed');
  });
});
