import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CounterCustomer,
  CounterCustomerInput,
  CustomerSummary,
  Order,
  OrderCreate,
  PosContext,
  PosMenu,
  PosOutlet,
  ProductOutlet,
  VoucherCheck,
  VoucherCheckInput,
  WalletPaymentCodeInfo,
} from '@kopi/contract';
import { http } from '../../lib/http/http';

// The POS reads /api/pos/* (subject pos) and sells through POST /api/orders (create-pos); with
// create-pos it also finds or adds the sale's customer by phone and reads a wallet payment code;
// with toggle-sold-out it marks a product sold out today at the outlet.
export const posKeys = {
  all: ['pos'] as const,
  outlets: () => [...posKeys.all, 'outlets'] as const,
  context: (outletId: string) => [...posKeys.all, 'context', outletId] as const,
  menu: (outletId: string) => [...posKeys.all, 'menu', outletId] as const,
  /** A voucher check of one cart, keyed by the check's body as text. */
  voucherChecks: () => [...posKeys.all, 'voucher-check'] as const,
  voucherCheck: (input: string) => [...posKeys.voucherChecks(), input] as const,
};

export type { OrderVoucher, VoucherCheck, VoucherCheckInput } from '@kopi/contract';

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

/** The customer with this phone number, or null; the dialog says what went wrong itself. */
export const lookupCustomer = (phone: string) =>
  http.get<CounterCustomer | null>('/customers/lookup', {
    query: { phone },
    errorToast: 'silent',
  });

/** A walk-in added by name and phone (409 customer_phone_taken: someone has it already). */
export const addCounterCustomer = (body: CounterCustomerInput) =>
  http.post<CustomerSummary>('/customers', body, { errorToast: 'silent' });

/**
 * Whose wallet a payment code opens and what it holds. A refusal (expired, used, blocked) is
 * final and shown at once, so the cashier can ask for a new code without waiting for a retry.
 */
export const checkPaymentCode = (code: string) =>
  http.post<WalletPaymentCodeInfo>(
    '/wallet-payment-codes/check',
    { code },
    { errorToast: 'silent', retries: 0 },
  );

/**
 * Whether a voucher code applies to the cart. A 409 `voucher_unknown` (no such code) is shown by
 * the POS itself, so neither a toast nor a retry.
 */
export const checkVoucher = (body: VoucherCheckInput) =>
  http.post<VoucherCheck>('/vouchers/check', body, { errorToast: 'silent', retries: 0 });

/** "Sold out today" at the outlet (toggle-sold-out); the switch says what went wrong itself. */
export const setSoldOut = (productId: string, outletId: string, soldOut: boolean) =>
  http.put<ProductOutlet>(
    `/products/${encodeURIComponent(productId)}/outlets/${encodeURIComponent(outletId)}/sold-out`,
    { sold_out: soldOut },
    { errorToast: 'silent' },
  );

export const usePosOutlets = () =>
  useQuery({ queryKey: posKeys.outlets(), queryFn: listPosOutlets, staleTime: 5 * 60_000 });

/** One outlet's till data: asked for once an outlet is chosen, then again every `everyMs`. */
const useOutletPoll = <T>(
  outletId: string | null,
  key: (outletId: string) => readonly unknown[],
  fetch: (outletId: string) => Promise<T>,
  everyMs: number,
) =>
  useQuery({
    queryKey: key(outletId ?? ''),
    queryFn: () => fetch(outletId!),
    enabled: !!outletId,
    refetchInterval: everyMs,
    staleTime: 30_000,
  });

/** The outlet's open state changes with the clock: read again every minute. */
export const usePosContext = (outletId: string | null) =>
  useOutletPoll(outletId, posKeys.context, getPosContext, 60_000);

/** Sold-out marks change during the day: read again every two minutes and after each sale. */
export const usePosMenu = (outletId: string | null) =>
  useOutletPoll(outletId, posKeys.menu, getPosMenu, 120_000);

export function useRefreshPos() {
  const client = useQueryClient();
  return (outletId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: posKeys.menu(outletId) }),
      client.invalidateQueries({ queryKey: posKeys.context(outletId) }),
      // A sale may have used a code up: the next sale checks it again rather than reuse a finding.
      client.removeQueries({ queryKey: posKeys.voucherChecks() }),
    ]);
}
