import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { boardCard, installBoardTestHooks, renderOutletBoard } from '../test-board';
import { board, boardOrder, minutesAgo, thresholds } from '../test-orders';
import { errorAnswer } from '../../../test/fetch-mock';

// The ready column's last tap: "Served" (dine-in) or "Handed over" (pick-up, delivery) records
// the moment once and takes the card off every board.

vi.mock('../../../lib/session/session-runtime', () =>
  import('../../../test/live-socket').then((m) => m.fakeSessionRuntime),
);

const toasts = installBoardTestHooks();

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

/** This file's board; `answer` and `can` as renderOutletBoard takes them. */
const renderBoard = renderOutletBoard.bind(null, [table, pickUp]);

describe('handing over from the ready column', () => {
  it('says "Served" at a table and "Handed over" for a pick-up, and only to staff who may move', async () => {
    renderBoard();
    await screen.findByTestId('board-card-KL01-0004');
    expect(within(boardCard('KL01-0004')).getByTestId('board-hand-over')).toHaveTextContent(
      'Served',
    );
    expect(within(boardCard('KL01-0005')).getByTestId('board-hand-over')).toHaveTextContent(
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
    const button = within(boardCard('KL01-0005')).getByRole('button', { name: 'Handed over' });
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
      call.method === 'POST' ? errorAnswer(500, 'internal_error', 'Boom') : undefined,
    );
    await screen.findByTestId('board-card-KL01-0004');
    await userEvent.click(within(boardCard('KL01-0004')).getByRole('button', { name: 'Served' }));
    await waitFor(() =>
      expect(toasts.some((t) => t.message.startsWith('Order KL01-0004 could not be marked'))).toBe(
        true,
      ),
    );
    expect(await screen.findByTestId('board-card-KL01-0004')).toBeInTheDocument();
  });
});
