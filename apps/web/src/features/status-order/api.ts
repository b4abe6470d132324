import { useQuery } from '@tanstack/react-query';
import type { ApprovalInput, Board, Order, OrderStatus, Outlet, PosOutlet } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { postOrderMove } from '../../lib/http/order-move';

// GET /api/orders/board (read-status-order), POST /api/orders/{id}/status and /handed-over
// (update-status-order), /not-collected (update-order), and the outlets the board can be filtered by.

export type OutletSource = 'pos' | 'outlets' | 'none';

export const boardKeys = {
  all: ['status-board'] as const,
  board: (outletId: string | null) => [...boardKeys.all, 'board', outletId ?? 'all'] as const,
  outlets: (source: OutletSource) => [...boardKeys.all, 'outlets', source] as const,
};

/** The board's own failures show on the board (and it polls while live updates are down). */
export const fetchBoard = (outletId: string | null) =>
  http.get<Board>('/orders/board', {
    query: { outlet_id: outletId ?? undefined },
    errorToast: 'silent',
  });

/** One move; failures are explained by the board (a 409 means someone else moved it first). */
export const moveOrder = (
  id: string,
  status: OrderStatus,
  reason?: string,
  approval?: ApprovalInput,
) => postOrderMove(id, { status, reason, approval }, 'silent');

/** The customer got a ready order; asking twice answers the first moment. */
export const handOverOrder = (id: string) =>
  http.post<Order>(`/orders/${encodeURIComponent(id)}/handed-over`, undefined, {
    errorToast: 'silent',
  });

/** A manager clears a ready order never collected (update-order); asking twice answers the first. */
export const markNotCollected = (id: string, reason: string) =>
  http.post<Order>(
    `/orders/${encodeURIComponent(id)}/not-collected`,
    { reason },
    { errorToast: 'silent' },
  );

export interface BoardOutlet {
  id: string;
  name: string;
}

/**
 * Outlet names for the filter: the POS list (the outlets the user may sell at) for POS staff,
 * else the outlet list; a user with neither sees the outlets that have orders on the board.
 */
export async function fetchBoardOutlets(source: OutletSource): Promise<BoardOutlet[]> {
  if (source === 'pos') {
    const rows = await http.get<PosOutlet[]>('/pos/outlets', { errorToast: 'silent' });
    return (rows ?? []).map(({ id, name }) => ({ id, name }));
  }
  if (source === 'outlets') {
    const rows = await http.get<Outlet[]>('/outlets', {
      query: { page: 1, page_size: 100 },
      errorToast: 'silent',
    });
    return (rows ?? []).map(({ id, name }) => ({ id, name }));
  }
  return [];
}

export function useBoard(outletId: string | null, pollMs: number | false) {
  return useQuery({
    queryKey: boardKeys.board(outletId),
    queryFn: () => fetchBoard(outletId),
    // Live events keep it fresh; polling takes over while they are interrupted.
    refetchInterval: pollMs,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export const useBoardOutlets = (source: OutletSource, enabled: boolean) =>
  useQuery({
    queryKey: boardKeys.outlets(source),
    queryFn: () => fetchBoardOutlets(source),
    enabled: enabled && source !== 'none',
    staleTime: 5 * 60_000,
  });
