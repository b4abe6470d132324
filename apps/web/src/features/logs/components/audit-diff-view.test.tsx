import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditDiff } from '@kopi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
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
  ...before,
  status: 'disabled',
  permissions: ['read-pos', 'create-pos'],
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

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
    expect(cells(shown[0]!)).toEqual(['PermissionsAdded', '—', 'create-pos']);
    expect(cells(shown[1]!)).toEqual(['PermissionsRemoved', 'read-status-order', '—']);
    expect(cells(shown[2]!)).toEqual(['StatusChanged', 'active', 'disabled']);
    // The code stays at hand for whoever needs it.
    expect(within(shown[0]!).getByTestId('audit-diff-field')).toHaveAttribute(
      'title',
      'permissions[]',
    );
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
    expect(cells(shown[0]!)).toEqual(['Full name', 'Nur Aisyah', 'Nur Aisyah']);
    // Unknown keys still read as words, segment by segment.
    expect(cells(shown[3]!)).toEqual(['Settings › Theme', 'light', 'light']);
  });

  it('shows a create (no before) field by field and says when nothing changed', () => {
    const created = { name: 'Barista', description: null };
    const { unmount } = renderWithProviders(
      <AuditDiffView changes={auditDiff(null, created)} before={null} after={created} />,
    );
    expect(cells(rows()[0]!)).toEqual(['DescriptionAdded', '—', '(empty)']);
    expect(cells(rows()[1]!)).toEqual(['NameAdded', '—', 'Barista']);
    unmount();
    renderWithProviders(<AuditDiffView changes={[]} before={null} after={null} />);
    expect(screen.getByTestId('audit-diff-none')).toHaveTextContent('Nothing changed');
  });

  it('shows role and outlet names instead of their ids, and the id of one since deleted', () => {
    const manager = '11111111-1111-4111-8111-111111111111';
    const cashier = '22222222-2222-4222-8222-222222222222';
    const kl = '33333333-3333-4333-8333-333333333333';
    const gone = '44444444-4444-4444-8444-444444444444';
    const old = { role_id: manager, id_outlet: kl, fullname: manager };
    const next = { role_id: cashier, id_outlet: gone, fullname: cashier };
    renderWithProviders(
      <AuditDiffView
        changes={auditDiff(old, next)}
        before={old}
        after={next}
        names={{ [manager]: 'manager', [cashier]: 'cashier', [kl]: 'Kuala Lumpur' }}
      />,
    );
    const byField = Object.fromEntries(rows().map((r) => [cells(r)[0], cells(r).slice(1)]));
    expect(byField['RoleChanged']).toEqual(['manager', 'cashier']);
    expect(byField['OutletChanged']).toEqual(['Kuala Lumpur', gone]);
    // Only reference fields are looked up: a name field holding a UUID stays as written.
    expect(byField['Full nameChanged']).toEqual([manager, cashier]);
    expect(screen.getByText('manager')).toHaveAttribute('title', manager);
  });

  it('labels fields in Malay', async () => {
    await i18n.changeLanguage('my');
    const old = { role_id: null, status: 'active' };
    const next = { role_id: null, status: 'disabled' };
    renderWithProviders(<AuditDiffView changes={auditDiff(old, next)} before={old} after={next} />);
    expect(cells(rows()[0]!)).toEqual(['StatusDiubah', 'active', 'disabled']);
  });
});
