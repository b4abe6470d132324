import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductListItem } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerToastHost, resetToasts, type ToastRequest } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { SoldOutMenu } from './sold-out-menu';

// The product list's "sold out today" menu: a switch per outlet, only the user's own outlet for
// staff bound to one.

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const outlet = (id: string, name: string, soldOut: boolean) => ({
  outlet_id: id,
  outlet_name: name,
  price_override: null,
  sold_out_today: soldOut,
});
const product = {
  id: 'p1',
  name: 'Kaya Toast',
  status: 'active',
  outlets: [outlet('kl', 'Kuala Lumpur', false), outlet('pg', 'Penang', true)],
} as unknown as ProductListItem;

function renderMenu(boundOutletId: string | null = null) {
  const onChanged = vi.fn();
  const calls = mockFetch((call) =>
    call.method === 'PUT'
      ? { body: { data: { ...outlet('kl', 'Kuala Lumpur', true), available: true } } }
      : undefined,
  );
  renderWithProviders(
    <SoldOutMenu
      open={{ anchor: document.body, product }}
      onClose={() => undefined}
      onChanged={onChanged}
      boundOutletId={boundOutletId}
    />,
  );
  return { calls, onChanged };
}

describe('sold-out menu of the product list', () => {
  it('shows each outlet with today’s mark and switches one with a tap', async () => {
    const toasts: ToastRequest[] = [];
    registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
    const { calls, onChanged } = renderMenu();
    const kl = screen.getByRole('menuitemcheckbox', { name: 'Kuala Lumpur' });
    expect(kl).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Penang' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(kl);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/products/p1/outlets/kl/sold-out');
    expect(put.body).toEqual({ sold_out: true });
    expect(screen.getByRole('menuitemcheckbox', { name: 'Kuala Lumpur' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(toasts.map((t) => t.message)).toContain('Sold out today at Kuala Lumpur');
  });

  it('offers staff bound to an outlet only their own', () => {
    renderMenu('pg');
    expect(screen.getAllByRole('menuitemcheckbox').map((i) => i.textContent)).toEqual(['Penang']);
  });
});
