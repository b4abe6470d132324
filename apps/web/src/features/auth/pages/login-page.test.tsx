import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureLanguage, i18n } from '../../../lib/i18n/i18n';
import { clearSession, sessionStore } from '../../../lib/session/session-store';
import { updateSettings } from '../../../lib/settings/settings-store';
import { registerToastHost, resetToasts } from '../../../lib/toasts';
import { errorAnswer, mockFetch, sessionAnswer } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  resetToasts();
  updateSettings({ language: 'en' });
  await i18n.changeLanguage('en');
});

const renderLogin = (route = '/login') =>
  renderWithProviders(<LoginPage />, {
    route,
    path: '/login',
    extraRoutes: <Route path="/two-steps" element={<p>two steps</p>} />,
  });

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('LoginPage', () => {
  it('switches between English and Melayu before signing in', async () => {
    renderLogin();
    const user = userEvent.setup();
    expect(screen.getByTestId('auth-language-en')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByTestId('auth-language-my'));
    expect(await screen.findByRole('button', { name: 'Log masuk' })).toBeInTheDocument();
    expect(screen.getByTestId('auth-language-my')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Bahasa' })).toBeInTheDocument();
  });

  it('requires both fields, in English and in Melayu', async () => {
    renderLogin();
    await fillAndSubmit('', '');
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await act(async () => {
      await ensureLanguage('my');
      updateSettings({ language: 'my' });
      await i18n.changeLanguage('my');
    });
    expect(await screen.findAllByText('Bidang ini diperlukan')).toHaveLength(2);
  });

  it('shows the translated server error inline only, with no toast', async () => {
    const toasts: string[] = [];
    registerToastHost({
      show: (r) => toasts.push(`${r.type}:${r.message}`),
      dismiss: () => undefined,
    });
    mockFetch(() => errorAnswer(400, 'invalid_credentials', 'x'));
    renderLogin();
    await fillAndSubmit('admin', 'wrong');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Incorrect username or password',
    );
    expect(toasts).toEqual([]);
  });

  it('signs in: keeps tokens and abilities, sends no token and an Idempotency-Key', async () => {
    const calls = mockFetch((call) =>
      call.url === '/api/login'
        ? { body: { data: sessionAnswer() } }
        : { body: { data: { status: [] } } },
    );
    renderLogin();
    await fillAndSubmit('admin', 'Kopi@1234');
    await waitFor(() => expect(sessionStore.getState().token).toBe(sessionAnswer().token));
    const login = calls.find((c) => c.url === '/api/login')!;
    expect(login.body).toEqual({ username: 'admin', password: 'Kopi@1234' });
    expect(login.headers.get('Authorization')).toBeNull();
    expect(login.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStore.getState().abilities).toContainEqual({
      action: 'read',
      subject: 'acldemo',
    });
    // App settings follow, with the refresh token as Bearer (SPEC §7).
    await waitFor(() => expect(calls.some((c) => c.url === '/api/app/settings')).toBe(true));
    const settings = calls.find((c) => c.url === '/api/app/settings')!;
    expect(settings.headers.get('Authorization')).toBe('Bearer refresh-1');
  });

  it('goes to /two-steps when the server asks for a code', async () => {
    mockFetch(() => ({ body: { data: { two_step_required: true, challenge_token: 'c1' } } }));
    renderLogin('/login?to=%2Faccess-control');
    await fillAndSubmit('admin', 'Kopi@1234');
    expect(await screen.findByText('two steps')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/two-steps?to=%2Faccess-control');
    expect(sessionStore.getState().token).toBeNull();
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const user = userEvent.setup();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
