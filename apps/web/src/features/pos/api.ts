import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderCreate, PosContext, PosMenu, PosOutlet } from '@kopi/contract';
import { http } from '../../lib/http/http';

// The POS reads /api/pos/* (subject pos) and sells through POST /api/orders (create-pos).
export const posKeys = {
  all: ['pos'] as const,
  outlets: () => [...posKeys.all, 'outlets'] as const,
  context: (outletId: string) => [...posKeys.all, 'context', outletId] as const,
  menu: (outletId: string) => [...posKeys.all, 'menu', outletId] as const,
};

export const listPosOutlets = () => http.get<PosOutlet[]>('/pos/outlets');
export const getPosContext = (outletId: string) =>
  http.get<PosContext>('/pos/context', { query: { outlet_id: outletId } });
export const getPosMenu = (outletId: string) =>
  http.get<PosMenu>('/pos/menu', { query: { outlet_id: outletId } });

/**
 * One attempt of a sale with the sale's own Idempotency-Key; the POS runs the retries itself
 * (submit-sale.ts) and says what is happening, so the client neither retries nor toasts.
 */
export const postSale = (body: OrderCreate, idempotencyKey: string) =>
  http.post<Order>('/orders', body, { idempotencyKey, retries: 0, errorToast: 'silent' });

export const usePosOutlets = () =>
  useQuery({ queryKey: posKeys.outlets(), queryFn: listPosOutlets, staleTime: 5 * 60_000 });

/** The outlet's open state changes with the clock: read again every minute. */
export const usePosContext = (outletId: string | null) =>
  useQuery({
    queryKey: posKeys.context(outletId ?? ''),
    queryFn: () => getPosContext(outletId!),
    enabled: !!outletId,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

/** Sold-out marks change during the day: read again every two minutes and after each sale. */
export const usePosMenu = (outletId: string | null) =>
  useQuery({
    queryKey: posKeys.menu(outletId ?? ''),
    queryFn: () => getPosMenu(outletId!),
    enabled: !!outletId,
    refetchInterval: 120_000,
    staleTime: 30_000,
  });

export function useRefreshPos() {
  const client = useQueryClient();
  return (outletId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: posKeys.menu(outletId) }),
      client.invalidateQueries({ queryKey: posKeys.context(outletId) }),
    ]);
}
