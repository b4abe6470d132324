import type { Board, BoardOrder } from '@kopi/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession, sessionFromAnswer, sessionStore } from '../../lib/session/session-store';
import { registerToastHost, resetToasts, type ToastRequest } from '../../lib/toasts';
import { mockFetch, sessionAnswer, type Call } from '../../test/fetch-mock';
import { fakeLive } from '../../test/live-socket';
import { renderWithProviders } from '../../test/render';
import { StatusOrderPage } from './pages/status-order-page';
import { T0, board, thresholds } from './test-orders';

// The status board's page tests share this: a clock stopped at T0, a live socket standing open,
// toasts collected, and the board answered from `state.board` (which a test changes between
// reads). Each test file still mocks the session runtime itself (vi.mock is per file).

/** Installs the hooks; the returned list holds the toasts shown in the running test. */
export function installBoardTestHooks(): ToastRequest[] {
  const toasts: ToastRequest[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    toasts.length = 0;
    registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
    fakeLive.status.setState('open');
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetToasts();
    clearSession();
  });
  return toasts;
}

export function renderBoard({
  first,
  can = () => true,
  outlet = null,
  permissions,
  answer,
}: {
  first: Board;
  can?: (action: string, subject: string) => boolean;
  outlet?: string | null;
  /** The signed-in user's permissions, where the session's own matter (a void's PIN). */
  permissions?: string[];
  answer?: (call: Call) => { status?: number; body?: unknown } | undefined;
}) {
  const user = sessionAnswer({ id_outlet: outlet, ...(permissions ? { permissions } : {}) });
  sessionStore.setState(sessionFromAnswer(user as never));
  const state = { board: first };
  const calls = mockFetch((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.url.startsWith('/api/orders/board')) return { body: { data: state.board } };
    if (call.url === '/api/pos/outlets') {
      return {
        body: {
          data: [
            { id: 'o1', code: 'KL01', name: 'Kopi Demo KLCC', status: 'active' },
            { id: 'o2', code: 'PG01', name: 'Kopi Demo Penang', status: 'active' },
          ],
        },
      };
    }
    return undefined;
  });
  renderWithProviders(<StatusOrderPage />, { can });
  return {
    calls,
    state,
    boardGets: () => calls.filter((c) => c.url.startsWith('/api/orders/board')),
  };
}

type BoardAnswer = (call: Call) => { status?: number; body?: unknown } | undefined;

/** The board of a user bound to KL01 showing `orders` (with the colour thresholds). */
export const renderOutletBoard = (
  orders: BoardOrder[],
  answer?: BoardAnswer,
  can?: (action: string, subject: string) => boolean,
) => renderBoard({ first: board(orders, thresholds), outlet: 'o1', answer, can });

/** An order's card on the board, by its number. */
export const boardCard = (no: string) => screen.getByTestId(`board-card-${no}`);
