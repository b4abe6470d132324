import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { boardCard, installBoardTestHooks, renderOutletBoard } from '../test-board';
import { board, boardOrder, minutesAgo, thresholds } from '../test-orders';
import { errorAnswer } from '../../../test/fetch-mock';

// A ready order stays on the board until handed over; a manager (update-order) clears one the
// customer never came for from the card's menu, with a reason.

vi.mock('../../../lib/session/session-runtime', () =>
  import('../../../test/live-socket').then((m) => m.fakeSessionRuntime),
);

const toasts = installBoardTestHooks();

const waiting = boardOrder({
  order_no: 'KL01-0007',
  status: 'COMPLETED',
  serving_method: 'pick_up',
  table_no: null,
  customer_name: 'Aminah',
  created_at: minutesAgo(200),
  status_at: minutesAgo(180),
});
const making = boardOrder({ order_no: 'KL01-0008', status: 'APPROVED', created_at: minutesAgo(4) });

/** This file's board; `answer` and `can` as renderOutletBoard takes them. */
const renderBoard = renderOutletBoard.bind(null, [waiting, making]);

describe('not collected', () => {
  it('is offered on ready cards only, and only to a user who may update orders', async () => {
    renderBoard();
    await screen.findByTestId('board-card-KL01-0007');
    expect(within(boardCard('KL01-0007')).getByTestId('board-card-menu')).toBeInTheDocument();
    expect(within(boardCard('KL01-0008')).queryByTestId('board-card-menu')).toBeNull();
  });

  it('is not offered to a cashier (no update-order)', async () => {
    renderBoard(undefined, (action, subject) => !(action === 'update' && subject === 'order'));
    await screen.findByTestId('board-card-KL01-0007');
    expect(screen.queryByTestId('board-card-menu')).toBeNull();
    // The hand-over stays theirs.
    expect(within(boardCard('KL01-0007')).getByTestId('board-hand-over')).toBeInTheDocument();
  });

  it('asks for a reason, sends it and takes the card off', async () => {
    const { calls, state } = renderBoard((call) => {
      if (call.method !== 'POST') return undefined;
      state.board = board([making], thresholds);
      return { body: { data: { id: waiting.id } } };
    });
    await screen.findByTestId('board-card-KL01-0007');
    await userEvent.click(
      within(boardCard('KL01-0007')).getByRole('button', { name: 'More for order KL01-0007' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Not collected' }));
    const dialog = screen.getByRole('dialog', { name: 'Order KL01-0007 not collected?' });

    // No reason: refused before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark not collected' }));
    expect(within(dialog).getByTestId('board-not-collected-reason')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByTestId('board-not-collected-reason'), ' No show ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark not collected' }));
    await waitFor(() => expect(screen.queryByTestId('board-card-KL01-0007')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.body])).toEqual([
      [`/api/orders/${waiting.id}/not-collected`, { reason: 'No show' }],
    ]);
    await waitFor(() =>
      expect(toasts.some((t) => t.message === 'Order KL01-0007 marked not collected')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('board-not-collected-dialog')).toBeNull());
  });

  it('keeps the dialog and the reason when the server fails', async () => {
    renderBoard((call) =>
      call.method === 'POST' ? errorAnswer(500, 'internal_error', 'Boom') : undefined,
    );
    await screen.findByTestId('board-card-KL01-0007');
    await userEvent.click(within(boardCard('KL01-0007')).getByTestId('board-card-menu'));
    await userEvent.click(screen.getByTestId('board-not-collected'));
    const dialog = screen.getByTestId('board-not-collected-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Customer never came' }));
    await userEvent.click(within(dialog).getByTestId('board-not-collected-confirm'));
    await waitFor(() =>
      expect(toasts.some((t) => t.message.startsWith('Order KL01-0007 could not be marked'))).toBe(
        true,
      ),
    );
    expect(within(dialog).getByTestId('board-not-collected-reason')).toHaveValue(
      'Customer never came',
    );
    expect(boardCard('KL01-0007')).toBeInTheDocument();
  });
});
