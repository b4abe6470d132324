import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionFromAnswer, sessionStore } from '../../../lib/session/session-store';
import { registerToastHost, resetToasts, type ToastRequest } from '../../../lib/toasts';
import { mockFetch, sessionAnswer, type Call } from '../../../test/fetch-mock';
import { fakeLive } from '../../../test/live-socket';
import { renderWithProviders } from '../../../test/render';
import { T0, board, boardOrder, minutesAgo } from '../test-orders';
import { StatusOrderPage } from './status-order-page';

// The ready column's last tap: "Served" (dine-in) or "Handed over" (pick-up, delivery) records
// the moment once and takes the card off every board.

vi.mock('../../../lib/session/session-runtime', () =>
  import('../../../test/live-socket').then((m) => m.fakeSessionRuntime),
);

let toasts: ToastRequest[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  toasts = [];
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

const table = boardOrder({
  order_no: 'KL01-0004',
  status: 'COMPLETED',
  created_at: minutesAgo(20),
  status_at: minutesAgo(3),
});
const pickUp = boardOrder({
  order_no: 'KL01-0005',
  status: 'COMPLETED',
  serving_method: 'pick_up',
  table_no: null,
  customer_name: 'Aminah',
  created_at: minutesAgo(15),
  status_at: minutesAgo(2),
});
const thresholds = [{ outlet_id: 'o1', amber_minutes: 5, red_minutes: 10 }];

function renderBoard(
  answer: (call: Call) => { status?: number; body?: unknown } | undefined = () => undefined,
  can = (_action: string, _subject: string) => true,
) {
  sessionStore.setState(sessionFromAnswer(sessionAnswer({ id_outlet: 'o1' }) as never));
  const state = { board: board([table, pickUp], thresholds) };
  const calls = mockFetch((call) => {
    const custom = answer(call);
    if (custom) return custom;
    if (call.url.startsWith('/api/orders/board')) return { body: { data: state.board } };
    return undefined;
  });
  renderWithProviders(<StatusOrderPage />, { can });
  return { calls, state };
}

const card = (no: string) => screen.getByTestId(`board-card-${no}`);

describe('handing over from the ready column', () => {
  it('says "Served" at a table and "Handed over" for a pick-up, and only to staff who may move', async () => {
    renderBoard();
    await screen.findByTestId('board-card-KL01-0004');
    expect(within(card('KL01-0004')).getByTestId('board-hand-over')).toHaveTextContent('Served');
    expect(within(card('KL01-0005')).getByTestId('board-hand-over')).toHaveTextContent(
      'Handed over',
    );
  });

  it('shows no hand-over button to someone who may only read the board', async () => {
    renderBoard(undefined, (action) => action === 'read');
    await screen.findByTestId('board-card-KL01-0004');
    expect(screen.queryByTestId('board-hand-over')).toBeNull();
  });

  it('takes the card off at once, tells the server once and confirms', async () => {
    const { calls, state } = renderBoard((call) => {
      if (call.method !== 'POST') return undefined;
      state.board = board([table], thresholds);
      return { body: { data: { id: pickUp.id } } };
    });
    await screen.findByTestId('board-card-KL01-0005');
    const button = within(card('KL01-0005')).getByRole('button', { name: 'Handed over' });
    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByTestId('board-card-KL01-0005')).toBeNull());
    await waitFor(() =>
      expect(toasts.some((t) => t.message === 'Order KL01-0005 handed over')).toBe(true),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual([`/api/orders/${pickUp.id}/handed-over`]);
    expect(screen.getByTestId('board-card-KL01-0004')).toBeInTheDocument();
  });

  it('puts the card back and says why when the server fails', async () => {
    renderBoard((call) =>
      call.method === 'POST'
        ? { status: 500, body: { code_message: 'internal_error', message: 'Boom' } }
        : undefined,
    );
    await screen.findByTestId('board-card-KL01-0004');
    await userEvent.click(within(card('KL01-0004')).getByRole('button', { name: 'Served' }));
    await waitFor(() =>
      expect(toasts.some((t) => t.message.startsWith('Order KL01-0004 could not be marked'))).toBe(
        true,
      ),
    );
    expect(await screen.findByTestId('board-card-KL01-0004')).toBeInTheDocument();
  });
});
