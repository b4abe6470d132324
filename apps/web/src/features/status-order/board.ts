import {
  boardColumns,
  orderTransitions,
  type Board,
  type BoardColumn,
  type BoardOrder,
  type OrderStatus,
} from '@kopi/contract';

// The board's rules, kept pure so they are tested without a browser: which column a card sits in
// and in what order, how long it has waited and whether that is slow or late, and which move one
// tap (or a drop on the next column) makes.

export const isBoardColumn = (status: string): status is BoardColumn =>
  (boardColumns as readonly string[]).includes(status);

/** Moves staff make by hand (PENDING comes from payment, CLOSED from the day close). */
const staffMoves: readonly OrderStatus[] = ['APPROVED', 'COMPLETED', 'REJECTED'];

export interface Thresholds {
  amber_minutes: number;
  red_minutes: number;
  /** The outlet's business date now (absent: unknown, no card is marked as earlier). */
  business_date?: string;
}
/** The outlet default when the board has no thresholds for an outlet. */
export const defaultThresholds: Thresholds = { amber_minutes: 5, red_minutes: 10 };

export function thresholdsByOutlet(board: Pick<Board, 'thresholds'>) {
  const map = new Map<string, Thresholds>();
  for (const t of board.thresholds) map.set(t.outlet_id, t);
  return (outletId: string) => map.get(outletId) ?? defaultThresholds;
}

const time = (iso: string) => Date.parse(iso);

/**
 * Cards per column. New and preparing: oldest placed first (the customer who has waited longest
 * is on top). Ready: most recently ready first (the one the barista just called is on top).
 */
export function groupBoard(orders: readonly BoardOrder[]): Record<BoardColumn, BoardOrder[]> {
  const groups: Record<BoardColumn, BoardOrder[]> = { PENDING: [], APPROVED: [], COMPLETED: [] };
  for (const order of orders) if (isBoardColumn(order.status)) groups[order.status].push(order);
  const placed = (a: BoardOrder, b: BoardOrder) =>
    time(a.created_at) - time(b.created_at) || a.order_no.localeCompare(b.order_no);
  groups.PENDING.sort(placed);
  groups.APPROVED.sort(placed);
  groups.COMPLETED.sort(
    (a, b) => time(b.status_at) - time(a.status_at) || a.order_no.localeCompare(b.order_no),
  );
  return groups;
}

/**
 * A card left from an earlier business day (ready, never collected). Order numbers restart each
 * day, so such a card carries its date to be told apart from today's order of the same number.
 */
export const fromEarlierDay = (order: Pick<BoardOrder, 'business_date'>, thresholds: Thresholds) =>
  thresholds.business_date !== undefined && order.business_date < thresholds.business_date;

/**
 * Where a card's timer starts. New and preparing count the customer's wait since the order was
 * placed, so accepting an order late does not reset its clock; ready counts since it was ready.
 */
export const timerStart = (order: Pick<BoardOrder, 'status' | 'created_at' | 'status_at'>) =>
  order.status === 'COMPLETED' ? order.status_at : order.created_at;

export type TimerLevel = 'normal' | 'amber' | 'red' | 'done';

export function elapsedMs(fromIso: string, now: number) {
  const from = time(fromIso);
  // A clock a little ahead of the browser's must not show negative minutes.
  return Number.isFinite(from) ? Math.max(0, now - from) : 0;
}

export const wholeMinutes = (ms: number) => Math.floor(ms / 60_000);

/** Amber from `amber_minutes`, red from `red_minutes` of waiting; ready cards have no urgency. */
export function timerLevel(
  status: string,
  waitedMs: number,
  thresholds: Thresholds = defaultThresholds,
): TimerLevel {
  if (status === 'COMPLETED') return 'done';
  if (waitedMs >= thresholds.red_minutes * 60_000) return 'red';
  if (waitedMs >= thresholds.amber_minutes * 60_000) return 'amber';
  return 'normal';
}

/** The forward move of a column: new → preparing → ready. */
const forward: Partial<Record<string, 'APPROVED' | 'COMPLETED'>> = {
  PENDING: 'APPROVED',
  APPROVED: 'COMPLETED',
};

/** What the card's main button (and a drop on the next column) does, if anything. */
export function primaryMove(
  order: Pick<BoardOrder, 'status' | 'allowed_statuses'>,
  mayUpdate: boolean,
): 'APPROVED' | 'COMPLETED' | null {
  if (!mayUpdate) return null;
  const next = forward[order.status];
  return next && order.allowed_statuses.includes(next) ? next : null;
}

export const mayReject = (order: Pick<BoardOrder, 'allowed_statuses'>, mayUpdate: boolean) =>
  mayUpdate && order.allowed_statuses.includes('REJECTED');

/** A card dropped on a column moves only when that column is its next step. */
export const dropMove = (
  order: Pick<BoardOrder, 'status' | 'allowed_statuses'>,
  column: BoardColumn,
  mayUpdate: boolean,
) => (primaryMove(order, mayUpdate) === column ? column : null);

/** The board as it will be once the move is made (for the optimistic update). */
export function applyMove(board: Board, id: string, status: OrderStatus, atIso: string): Board {
  if (!isBoardColumn(status)) return { ...board, orders: board.orders.filter((o) => o.id !== id) };
  return {
    ...board,
    orders: board.orders.map((o) =>
      o.id === id
        ? {
            ...o,
            status,
            status_at: atIso,
            allowed_statuses: orderTransitions[status].filter((s) => staffMoves.includes(s)),
          }
        : o,
    ),
  };
}

/**
 * A ready card's last tap: the customer got the order. Dine-in says "Served", pick-up and
 * delivery "Handed over"; both record the same moment and take the card off the board.
 */
export function handOverAction(
  order: Pick<BoardOrder, 'status' | 'serving_method'>,
  mayUpdate: boolean,
): 'served' | 'handedOver' | null {
  if (!mayUpdate || order.status !== 'COMPLETED') return null;
  return order.serving_method === 'dine_in' ? 'served' : 'handedOver';
}

/** The board without one card (handed over: the customer has it). */
export const withoutOrder = (board: Board, id: string): Board => ({
  ...board,
  orders: board.orders.filter((o) => o.id !== id),
});
