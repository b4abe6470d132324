import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { aishahId, sampleCustomer } from '../customer-fixture';
import { AnonymiseDialog, phoneConfirmed } from './anonymise-dialog';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

function setup() {
  const calls = mockFetch((call) =>
    call.url === `/api/customers/${aishahId}/anonymise`
      ? {
          body: {
            data: {
              id: aishahId,
              anonymised_at: '2026-03-15T03:00:00.000Z',
              orders_cleared: 12,
              notes_deleted: 1,
              sessions_revoked: 2,
            },
          },
        }
      : undefined,
  );
  const onDone = vi.fn(() => Promise.resolve());
  const onClose = vi.fn();
  renderWithProviders(
    <AnonymiseDialog customer={sampleCustomer()} open onClose={onClose} onDone={onDone} />,
  );
  return { calls, onDone, onClose };
}

describe('anonymising a customer', { timeout: 20_000 }, () => {
  it('explains what is erased, what stays and that it cannot be undone', () => {
    setup();
    const warning = screen.getByTestId('anonymise-warning');
    expect(warning).toHaveTextContent('erased for good');
    expect(warning).toHaveTextContent('orders, payments and ledgers stay');
    expect(warning).toHaveTextContent('This cannot be undone.');
  });

  it('opens only once the customer’s phone number is typed', async () => {
    const { calls, onDone } = setup();
    const confirm = screen.getByTestId('confirm-dialog-confirm');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByTestId('anonymise-confirm-input'), '+60123456780');
    expect(confirm).toBeDisabled();
    expect(screen.getByText('The phone number does not match.')).toBeVisible();
    await retype(screen.getByTestId('anonymise-confirm-input'), '+60 12-345 6789');
    expect(confirm).toBeEnabled();
    expect(calls).toHaveLength(0);
    await userEvent.click(confirm);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST /api/customers/${aishahId}/anonymise`,
    ]);
    expect(calls[0]?.body).toEqual({ confirm: true });
  });

  it('sends nothing when cancelled', async () => {
    const { calls, onClose } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('compares phone numbers without spaces and dashes', () => {
    expect(phoneConfirmed('+6012-3456789', '+60123456789')).toBe(true);
    expect(phoneConfirmed('  ', '+60123456789')).toBe(false);
    expect(phoneConfirmed('0123456789', '+60123456789')).toBe(false);
  });
});
