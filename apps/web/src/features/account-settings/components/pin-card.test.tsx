import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PinStatus } from '@kopi/contract';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import { PinCard } from './pin-card';

// One's approval PIN in account settings: its status, set with the PIN twice and the password,
// removed; no card for a platform user outside any business.

afterEach(() => vi.unstubAllGlobals());

const none: PinStatus = { has_pin: false, set_at: null, locked: false };
const set: PinStatus = { has_pin: true, set_at: '2026-06-10T04:00:00.000Z', locked: false };

describe('PinCard', () => {
  it('sets a PIN with the password and then offers to remove it', async () => {
    setTestSession({ id: 'm', tenant_id: 't1' });
    const sent: unknown[] = [];
    mockFetch((call) => {
      if (call.url === '/api/account/pin' && call.method === 'GET') return { body: { data: none } };
      if (call.url === '/api/account/pin' && call.method === 'PUT') {
        sent.push(call.body);
        return { body: { data: set } };
      }
      if (call.url === '/api/account/pin' && call.method === 'DELETE') {
        return { body: { data: none } };
      }
      return undefined;
    });
    renderWithProviders(<PinCard />);
    expect(await screen.findByTestId('pin-status')).toHaveAttribute('data-status', 'none');
    expect(screen.queryByTestId('pin-remove')).toBeNull();
    await userEvent.type(screen.getByTestId('pin-new'), '2468');
    await userEvent.type(screen.getByTestId('pin-confirm'), '2468');
    await userEvent.type(screen.getByLabelText(/Your password/), 'Kopi@1234');
    await userEvent.click(screen.getByTestId('pin-save'));
    await waitFor(() =>
      expect(screen.getByTestId('pin-status')).toHaveAttribute('data-status', 'set'),
    );
    expect(sent).toEqual([{ pin: '2468', pin_confirm: '2468', old_password: 'Kopi@1234' }]);
    await userEvent.click(screen.getByTestId('pin-remove'));
    await waitFor(() =>
      expect(screen.getByTestId('pin-status')).toHaveAttribute('data-status', 'none'),
    );
  });

  it('refuses two different PINs without calling the server, and shows a locked PIN', async () => {
    setTestSession({ id: 'm', tenant_id: 't1' });
    const puts: unknown[] = [];
    mockFetch((call) => {
      if (call.method === 'PUT') puts.push(call.body);
      return call.url === '/api/account/pin'
        ? { body: { data: { ...set, locked: true } } }
        : undefined;
    });
    renderWithProviders(<PinCard />);
    expect(await screen.findByTestId('pin-status')).toHaveAttribute('data-status', 'locked');
    await userEvent.type(screen.getByTestId('pin-new'), '2468');
    await userEvent.type(screen.getByTestId('pin-confirm'), '2469');
    await userEvent.type(screen.getByLabelText(/Your password/), 'Kopi@1234');
    await userEvent.click(screen.getByTestId('pin-save'));
    await waitFor(() =>
      expect(screen.getByTestId('pin-confirm')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(puts).toEqual([]);
  });

  it('is not shown to a platform user outside any business', () => {
    setTestSession({ id: 'root', tenant_id: null });
    renderWithProviders(<PinCard />);
    expect(screen.queryByTestId('pin-card')).toBeNull();
  });
});
