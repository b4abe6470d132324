import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionMessage } from '../lib/session/session-channel';
import { lockSession } from '../lib/session/session-runtime';
import { clearSession, sessionFromAnswer, sessionStore } from '../lib/session/session-store';
import { registerToastHost, resetToasts, type ToastRequest } from '../lib/toasts';
import { errorAnswer, mockFetch, sessionAnswer } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { LOCK_CARD_MAX_WIDTH, LockScreenDialog } from './lock-screen';

// Another tab, as far as the BroadcastChannel is concerned.
let otherTab: BroadcastChannel;
let received: SessionMessage[];

beforeEach(() => {
  sessionStore.setState(sessionFromAnswer(sessionAnswer() as never));
  received = [];
  otherTab = new BroadcastChannel('sessionChannel');
  otherTab.onmessage = (e: MessageEvent<SessionMessage>) => received.push(e.data);
});

afterEach(() => {
  otherTab.close();
  clearSession();
  resetToasts();
  vi.unstubAllGlobals();
});

/**
 * Types `password` on the locked screen and unlocks, the sign-in answered by `refusal`; answers
 * the toasts shown.
 */
async function unlockRefused(refusal: { status: number; body: unknown }, password: string) {
  const toasts: ToastRequest[] = [];
  registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
  mockFetch((call) => (call.url === '/api/login' ? refusal : { body: { data: {} } }));
  sessionStore.setState((s) => ({ ...s, isLocked: true }));
  renderWithProviders(<LockScreenDialog />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Unlock' }));
  return toasts;
}

describe('lock screen (SPEC §2/§4)', () => {
  it('locking shows a persistent full-screen dialog and tells the other tabs', async () => {
    renderWithProviders(<LockScreenDialog />);
    expect(screen.queryByTestId('lock-card')).not.toBeInTheDocument();
    lockSession();
    expect(await screen.findByTestId('lock-card')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Aisyah Rahman' })).toBeInTheDocument();
    expect(LOCK_CARD_MAX_WIDTH).toBe(460);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('lock-card')).toBeInTheDocument();
    await waitFor(() =>
      expect(received).toContainEqual({ type: 'lock', isLocked: true, userId: 'u1' }),
    );
  });

  it('locks when another tab locks', async () => {
    renderWithProviders(<LockScreenDialog />);
    otherTab.postMessage({ type: 'lock', isLocked: true, userId: 'u1' });
    expect(await screen.findByTestId('lock-card')).toBeInTheDocument();
    expect(sessionStore.getState().isLocked).toBe(true);
  });

  it('says the maximum length of a very long password instead of sending it', async () => {
    const calls = mockFetch(() => ({ body: { data: {} } }));
    sessionStore.setState((s) => ({ ...s, isLocked: true }));
    renderWithProviders(<LockScreenDialog />);
    fireEvent.change(screen.getByLabelText('Password'), {
      target: { value: 'a'.repeat(1_000_000) },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('The maximum length is 128')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/login')).toBe(false);
  });

  it('needs the password, then signs in again with the username and unlocks every tab', async () => {
    const toasts: ToastRequest[] = [];
    registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
    const calls = mockFetch((call) =>
      call.url === '/api/login'
        ? {
            body: {
              data: sessionAnswer({
                token: 'new.eyJleHAiOjk5OTk5OTk5OTl9.x',
                permissions: ['read-order'],
              }),
            },
          }
        : { body: { data: {} } },
    );
    sessionStore.setState((s) => ({ ...s, isLocked: true }));
    renderWithProviders(<LockScreenDialog />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Kopi@1234');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(sessionStore.getState().isLocked).toBe(false));
    expect(calls.find((c) => c.url === '/api/login')?.body).toEqual({
      username: 'admin',
      password: 'Kopi@1234',
    });
    expect(toasts.map((t) => `${t.type}:${t.message}`)).toContain('success:Unlocked Successfully');
    expect(sessionStore.getState().abilities).toEqual([{ action: 'read', subject: 'order' }]);
    await waitFor(() =>
      expect(received).toContainEqual({ type: 'unlock', isLocked: false, userId: 'u1' }),
    );
    await waitFor(() => expect(screen.queryByTestId('lock-card')).not.toBeInTheDocument());
  });

  it('says a wrong password is wrong, on the field and without a toast naming a username', async () => {
    const toasts = await unlockRefused(errorAnswer(400, 'invalid_credentials', 'Bad'), 'wrong-one');
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(toasts).toEqual([]);
    expect(sessionStore.getState().isLocked).toBe(true);
  });

  it('toasts a refusal that is not the password: too many attempts', async () => {
    const toasts = await unlockRefused(errorAnswer(429, 'too_many_attempts', 'Slow'), 'Kopi@1234');
    await waitFor(() =>
      expect(toasts.map((t) => `${t.type}:${t.message}`)).toEqual([
        'error:Too many attempts. Please wait and try again.',
      ]),
    );
    expect(screen.queryByText('Incorrect password')).not.toBeInTheDocument();
  });
});
