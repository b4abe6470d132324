import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PosTopBar } from './pos-top-bar';

const kl = { id: 'kl', code: 'KL01', name: 'Kuala Lumpur', status: 'active' as const };
const pg = { id: 'pg', code: 'PG01', name: 'Penang', status: 'active' as const };

function renderBar(outlets: (typeof kl)[]) {
  renderWithProviders(
    <PosTopBar
      outlets={outlets}
      outletId="kl"
      onOutletChange={() => {}}
      context={undefined}
      saleState={null}
      heldCount={0}
      canHold={false}
      onHold={() => {}}
      onRecall={() => {}}
    />,
  );
}

describe('PosTopBar outlet', () => {
  it('shows a cashier bound to one outlet its name, with no picker', () => {
    renderBar([kl]);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('pos-outlet-select')).toHaveTextContent('KL01 · Kuala Lumpur');
    expect(screen.getByTestId('pos-outlet-select').tagName).not.toBe('SELECT');
  });

  it('lets a user of several outlets pick one', () => {
    renderBar([kl, pg]);
    expect(screen.getByTestId('pos-outlet-select').tagName).toBe('SELECT');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});
