import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySessionAnswer, clearSession, sessionStore } from '../../../lib/session/session-store';
import { resetToasts } from '../../../lib/toasts';
import { errorAnswer, mockFetch, sessionAnswer } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordPage } from './change-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  resetToasts();
});

function renderPage() {
  applySessionAnswer(sessionAnswer({ must_change_password: true }) as never);
  renderWithProviders(<ChangePasswordPage />, {
    route: '/change-password?to=%2Forder%2Flist',
    path: '/change-password',
    extraRoutes: <Route path="/order/list" element={<p>orders</p>} />,
  });
}

async function submit(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Temporary password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
}

describe('forced password change', () => {
  it('checks the new password with the contract before sending anything', async () => {
    const calls = mockFetch(() => undefined);
    renderPage();
    await submit('Temp@1234', 'weak', 'other');
    expect(
      await screen.findByText(
        'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The Confirm Password field confirmation does not match'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says why the server refused (a wrong temporary password)', async () => {
    mockFetch(() =>
      errorAnswer(400, 'old_password_incorrect', 'The current password is incorrect'),
    );
    renderPage();
    await submit('Wrong@1234', 'Mine@12345');
    expect(await screen.findByTestId('change-password-error')).toBeInTheDocument();
    expect(sessionStore.getState().user?.must_change_password).toBe(true);
  });

  it('changes it, refreshes the session and goes on to the page asked for', async () => {
    const calls = mockFetch((call) => {
      if (call.url === '/api/changepassword') return { body: { data: { sessions_ended: 0 } } };
      if (call.url === '/api/refresh-token') {
        return {
          body: { data: { ...sessionAnswer({ must_change_password: false }), role: 'admin' } },
        };
      }
      return { body: { data: { status: [] } } };
    });
    renderPage();
    await submit('Temp@1234', 'Mine@12345');
    expect(await screen.findByText('orders')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/changepassword')?.body).toEqual({
      old_password: 'Temp@1234',
      password: 'Mine@12345',
      password_confirmation: 'Mine@12345',
    });
    expect(sessionStore.getState().user?.must_change_password).toBe(false);
  });
});
