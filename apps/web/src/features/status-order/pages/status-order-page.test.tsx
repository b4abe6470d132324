import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { fakeLive } from '../../../test/live-socket';
import { renderBoard as renderShared, installBoardTestHooks } from '../test-board';
import { board, boardOrder, minutesAgo, thresholds } from '../test-orders';
import { errorAnswer } from '../../../test/fetch-mock';

// The page talks to the session's live socket; the test stands in for it.
vi.mock('../../../lib/session/session-runtime', () =>
  import('../../../test/live-socket').then((m) => m.fakeSessionRuntime),
);
const { emit } = fakeLive;

const toasts = installBoardTestHooks();

const new1 = boardOrder({ order_no: 'KL01-0001', created_at: minutesAgo(12) });
const new2 = boardOrder({
  order_no: 'KL01-0002',
  created_at: minutesAgo(6),
  via: 'MOBILE',
  source: 'mobile-apps',
  serving_method: 'pick_up',
  table_no: null,
  customer_name: 'Aminah',
});
const preparing = boardOrder({
  order_no: 'KL01-0003',
  status: 'APPROVED',
  created_at: minutesAgo(2),
  status_at: minutesAgo(1),
});
const ready = boardOrder({
  order_no: 'KL01-0004',
  status: 'COMPLETED',
  created_at: minutesAgo(20),
  status_at: minutesAgo(3),
});

function renderBoard({
  first = board([new1, new2, preparing, ready], thresholds),
  ...rest
}: Partial<Parameters<typeof renderShared>[0]> = {}) {
  return renderShared({ first, ...rest });
}

const column = (status: string) => screen.getByTestId(`board-column-${status}`);
const card = (no: string) => screen.getByTestId(`board-card-${no}`);
const cardsIn = (status: string) =>
  within(column(status))
    .queryAllByRole('article')
    .map((c) => c.getAttribute('data-testid'));

describe('status board', () => {
  it('marks a card left from an earlier business day with its date, and only that one', async () => {
    // Numbers restart each day: yesterday's uncollected KL01-0003 and today's new KL01-0003.
    const yesterdays = boardOrder({
      order_no: 'KL01-0003',
      id: 'id-yesterday',
      status: 'COMPLETED',
      business_date: '2026-03-01',
      created_at: minutesAgo(20 * 60),
      status_at: minutesAgo(19 * 60),
    });
    const todays = boardOrder({ order_no: 'KL01-0003', id: 'id-today' });
    renderBoard({ first: board([yesterdays, todays], thresholds) });
    await screen.findAllByTestId('board-card-KL01-0003');
    const byId = (id: string) => document.querySelector<HTMLElement>(`[data-order-id="${id}"]`)!;
    expect(within(byId('id-yesterday')).getByTestId('board-card-day')).toHaveTextContent(
      'From 2026/03/01',
    );
    expect(within(byId('id-today')).queryByTestId('board-card-day')).toBeNull();
  });

  it('shows new, preparing and ready orders with counts, details and waiting colours', async () => {
    renderBoard();
    await screen.findByTestId('board-card-KL01-0001');
    expect(cardsIn('PENDING')).toEqual(['board-card-KL01-0001', 'board-card-KL01-0002']);
    expect(cardsIn('APPROVED')).toEqual(['board-card-KL01-0003']);
    expect(cardsIn('COMPLETED')).toEqual(['board-card-KL01-0004']);
    expect(screen.getByTestId('board-count-PENDING')).toHaveTextContent('2');
    expect(screen.getByTestId('board-count-COMPLETED')).toHaveTextContent('1');

    // 12 minutes: late; 6 minutes: slow; colour and words both say it.
    expect(card('KL01-0001')).toHaveAttribute('data-timer', 'red');
    expect(within(card('KL01-0001')).getByText('12 min · Late')).toBeInTheDocument();
    expect(card('KL01-0002')).toHaveAttribute('data-timer', 'amber');
    expect(within(card('KL01-0002')).getByText('6 min · Slow')).toBeInTheDocument();
    expect(card('KL01-0003')).toHaveAttribute('data-timer', 'normal');
    expect(card('KL01-0004')).toHaveAttribute('data-timer', 'done');

    const mobile = within(card('KL01-0002'));
    expect(mobile.getByText('MOBILE')).toBeInTheDocument();
    expect(mobile.getByText(/Pick up/)).toBeInTheDocument();
    expect(mobile.getByText(/Aminah/)).toBeInTheDocument();
    const counter = within(card('KL01-0001'));
    expect(counter.getByText('POS')).toBeInTheDocument();
    expect(counter.getByText(/Table 7/)).toBeInTheDocument();
    expect(counter.getByText('2 × Kopi O Ais')).toBeInTheDocument();
    expect(counter.getByText('Sugar: Less sugar')).toBeInTheDocument();
    expect(counter.getByText('+ Extra shot')).toBeInTheDocument();
    expect(counter.getByText('Note: No ice')).toBeInTheDocument();
  });

  it('says where an order came from in the screen’s language', async () => {
    await i18n.changeLanguage('my');
    try {
      renderBoard();
      expect(
        await within(await screen.findByTestId('board-card-KL01-0002')).findByText('MUDAH ALIH'),
      ).toBeInTheDocument();
      expect(within(card('KL01-0002')).queryByText('MOBILE')).toBeNull();
      expect(within(card('KL01-0001')).getByText('POS')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('counts the orders a full column left out, says so, and keeps the count through a move', async () => {
    renderBoard({
      first: {
        ...board([new1, new2, preparing, ready], thresholds),
        not_shown: { PENDING: 3, APPROVED: 0, COMPLETED: 0 },
      },
    });
    await screen.findByTestId('board-card-KL01-0001');
    expect(screen.getByTestId('board-count-PENDING')).toHaveTextContent('5');
    expect(screen.getByTestId('board-not-shown-PENDING')).toHaveTextContent(
      '3 newer orders are not shown. Accept the oldest to bring them up.',
    );
    expect(screen.queryByTestId('board-not-shown-APPROVED')).toBeNull();
    expect(screen.getByTestId('board-count-APPROVED')).toHaveTextContent('1');

    // The move's answer is held back: the counts are the optimistic board's.
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? new Promise<Response>(() => undefined) : inner(input, init),
    );
    await userEvent.click(within(card('KL01-0001')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(cardsIn('APPROVED')).toContain('board-card-KL01-0001'));
    expect(screen.getByTestId('board-count-PENDING')).toHaveTextContent('4');
    expect(screen.getByTestId('board-count-APPROVED')).toHaveTextContent('2');
  });

  it('gives each card the move its status allows, and none without the update ability', async () => {
    renderBoard();
    await screen.findByTestId('board-card-KL01-0001');
    const names = (no: string) =>
      within(card(no))
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names('KL01-0001')).toEqual(['Reject', 'Accept']);
    expect(names('KL01-0003')).toEqual(['Reject', 'Ready']);
    // A ready card's menu holds "Not collected" (this user may update orders).
    expect(names('KL01-0004')).toEqual(['More for order KL01-0004', 'Served']);
  });

  it('shows a read-only board to someone who may only read it', async () => {
    renderBoard({ can: (action) => action === 'read' });
    await screen.findByTestId('board-card-KL01-0001');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ready' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(card('KL01-0001')).toHaveAttribute('draggable', 'false');
  });

  it('accepts with one tap: the card moves at once and the server is told', async () => {
    const { calls, state } = renderBoard({
      answer: (call) => (call.method === 'POST' ? { body: { data: { id: new1.id } } } : undefined),
    });
    // The server answers the move only when the test says so.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await answered;
      return inner(input, init);
    });
    await screen.findByTestId('board-card-KL01-0001');
    await userEvent.click(within(card('KL01-0001')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(cardsIn('APPROVED')).toContain('board-card-KL01-0001'));
    expect(cardsIn('PENDING')).toEqual(['board-card-KL01-0002']);
    // Now it has the next move.
    expect(within(card('KL01-0001')).getByRole('button', { name: 'Ready' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    state.board = board([{ ...new1, status: 'APPROVED' }, new2, preparing, ready], thresholds);
    release();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/orders/id-KL01-0001/status');
    expect(post?.body).toEqual({ status: 'APPROVED' });
    expect(cardsIn('APPROVED')).toContain('board-card-KL01-0001');
    expect(toasts).toEqual([]);
  });

  it('puts a card back and says so when someone else moved it first (409)', async () => {
    const { state, boardGets } = renderBoard({
      answer: (call) =>
        call.method === 'POST'
          ? { status: 409, body: { code_message: 'invalid_status_transition' } }
          : undefined,
    });
    await screen.findByTestId('board-card-KL01-0003');
    const before = boardGets().length;
    // Meanwhile another screen marked it ready.
    state.board = board([new1, new2, { ...preparing, status: 'COMPLETED' }, ready], thresholds);
    await userEvent.click(within(card('KL01-0003')).getByRole('button', { name: 'Ready' }));
    await waitFor(() =>
      expect(toasts.map((t) => t.message)).toContain(
        'Order KL01-0003 has already moved on. The board now shows where it is.',
      ),
    );
    await waitFor(() => expect(boardGets().length).toBeGreaterThan(before));
    await waitFor(() => expect(cardsIn('COMPLETED')).toContain('board-card-KL01-0003'));
    expect(toasts.map((t) => t.type)).toEqual(['warning']);
  });

  it('rolls back a failed move and shows why', async () => {
    renderBoard({
      answer: (call) =>
        call.method === 'POST' ? errorAnswer(403, 'forbidden', 'Forbidden access') : undefined,
    });
    await screen.findByTestId('board-card-KL01-0001');
    // After the move the board's refetch never answers: only the rollback can put the card back.
    const inner = globalThis.fetch;
    let moved = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') moved = true;
      else if (moved) return new Promise<Response>(() => undefined);
      return inner(input, init);
    });
    await userEvent.click(within(card('KL01-0001')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ type: 'error' });
    expect(toasts[0]?.message).toMatch(/^Order KL01-0001 could not be moved: /);
    expect(cardsIn('PENDING')).toEqual(['board-card-KL01-0001', 'board-card-KL01-0002']);
    expect(within(card('KL01-0001')).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('moves a card dropped on the next column, and only there', async () => {
    const { calls, state } = renderBoard({
      answer: (call) => (call.method === 'POST' ? { body: { data: { id: new1.id } } } : undefined),
    });
    await screen.findByTestId('board-card-KL01-0001');
    const dataTransfer = { setData: vi.fn(), getData: () => new1.id, dropEffect: '' };
    fireEvent.dragStart(card('KL01-0001'), { dataTransfer });
    expect(column('APPROVED')).toHaveAttribute('data-drop-target', 'true');
    expect(column('COMPLETED')).not.toHaveAttribute('data-drop-target');
    fireEvent.dragOver(column('COMPLETED'), { dataTransfer });
    fireEvent.drop(column('COMPLETED'), { dataTransfer });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    state.board = board([{ ...new1, status: 'APPROVED' }, new2, preparing, ready], thresholds);
    fireEvent.dragStart(card('KL01-0001'), { dataTransfer });
    fireEvent.dragOver(column('APPROVED'), { dataTransfer });
    fireEvent.drop(column('APPROVED'), { dataTransfer });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'APPROVED' }),
    );
    expect(cardsIn('APPROVED')).toContain('board-card-KL01-0001');
    // A ready card cannot be dragged anywhere.
    expect(card('KL01-0004')).toHaveAttribute('draggable', 'false');
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    const { calls } = renderBoard({
      // A manager: a paid order is voided without a PIN (void-order).
      permissions: ['void-order'],
      answer: (call) => (call.method === 'POST' ? { body: { data: { id: new2.id } } } : undefined),
    });
    await screen.findByTestId('board-card-KL01-0002');
    await userEvent.click(within(card('KL01-0002')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order KL01-0002?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Customer left' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      status: 'REJECTED',
      reason: 'Customer left',
    });
    expect(toasts.map((t) => t.message)).toContain('Order KL01-0002 rejected');
  });

  it('shows a new order from a live event without reload', async () => {
    const { state, boardGets } = renderBoard();
    await screen.findByTestId('board-card-KL01-0001');
    const before = boardGets().length;
    state.board = board(
      [new1, new2, preparing, ready, boardOrder({ order_no: 'KL01-0042' })],
      thresholds,
    );
    emit({
      event_id: 7,
      type: 'order.created',
      message: { id_order: 'id-KL01-0042', status: 'PENDING', outlet_id: 'o1' },
    });
    emit({
      event_id: 8,
      type: 'order.status',
      message: { id_order: 'id-KL01-0001', status: 'APPROVED', outlet_id: 'o1' },
    });
    expect(await screen.findByTestId('board-card-KL01-0042')).toBeInTheDocument();
    // Both events in one request.
    expect(boardGets().length).toBe(before + 1);
  });

  it('says when live updates are interrupted and refetches when they are back', async () => {
    const { boardGets } = renderBoard();
    await screen.findByTestId('board-card-KL01-0001');
    expect(screen.queryByTestId('board-live-interrupted')).not.toBeInTheDocument();
    act(() => fakeLive.status.setState('reconnecting'));
    expect(screen.getByTestId('board-live-interrupted')).toBeInTheDocument();
    const before = boardGets().length;
    act(() => fakeLive.status.setState('open'));
    expect(screen.queryByTestId('board-live-interrupted')).not.toBeInTheDocument();
    await waitFor(() => expect(boardGets().length).toBe(before + 1));
  });

  it('filters by outlet for a user of several outlets and remembers the choice', async () => {
    const { boardGets } = renderBoard();
    await screen.findByTestId('board-card-KL01-0001');
    await userEvent.click(screen.getByTestId('board-outlet-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'Kopi Demo Penang' }));
    await waitFor(() => expect(boardGets().at(-1)?.url).toBe('/api/orders/board?outlet_id=o2'));
    expect(localStorage.getItem('kopi-hq-status-board-outlet:u1')).toBe('o2');
  });

  it('has no outlet filter for staff bound to one outlet', async () => {
    renderBoard({ outlet: 'o1' });
    await screen.findByTestId('board-card-KL01-0001');
    expect(screen.queryByTestId('board-outlet-filter')).not.toBeInTheDocument();
  });
});
