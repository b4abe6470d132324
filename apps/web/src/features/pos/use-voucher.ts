import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServingMethod } from '@kopi/contract';
import { translateErrorCode } from '../../lib/i18n/i18n';
import { useDebouncedText } from '../../lib/use-debounced-text';
import { checkVoucher, posKeys, type VoucherCheck, type VoucherCheckInput } from './api';
import type { Cart, CartAction } from './cart';
import { usePosStrings } from './i18n';
import {
  findVoucher,
  refusedFinding,
  voucherCheckInput,
  voucherCheckKey,
  type VoucherFinding,
} from './voucher';

/** How long the cart must stay still before a changed cart is checked again. */
export const VOUCHER_RECHECK_MS = 400;

/** The voucher of the sale as the cart panel and the payment see it. */
export type VoucherState =
  | { kind: 'none' }
  /** A code is applied but there is nothing to check it against (no lines yet). */
  | { kind: 'idle'; code: string }
  /** Checking this cart; `previous` is the last check that applied with this code, if any. */
  | { kind: 'checking'; code: string; previous: VoucherCheck | null }
  | { kind: 'applies'; code: string; check: VoucherCheck }
  /** `message` says why, in words; `check` is null for a code no voucher has. */
  | { kind: 'refused'; code: string; check: VoucherCheck | null; message: string | null }
  /** The check got no answer (offline, server trouble). */
  | { kind: 'failed'; code: string; message: string };

/** A server `code_message` in the screen's language (the catalogue loads on first use). */
export function useErrorText(code: string | null): string | null {
  const { language } = usePosStrings();
  const query = useQuery({
    queryKey: ['error-text', language, code],
    queryFn: async () => (await translateErrorCode(code!)) ?? code!,
    enabled: code !== null,
    staleTime: Infinity,
  });
  return code === null ? null : (query.data ?? null);
}

/** Checks a voucher body, caching the finding under the body's key (the dialog uses it too). */
export function useFindVoucher() {
  const client = useQueryClient();
  return useCallback(
    (input: VoucherCheckInput) =>
      client.fetchQuery({
        queryKey: posKeys.voucherCheck(voucherCheckKey(input)),
        queryFn: () => findVoucher(checkVoucher, input),
        staleTime: 60_000,
      }),
    [client],
  );
}

/**
 * The sale's voucher: checked against the cart again once the cart, the serving method or the
 * customer has stayed the same for a moment. Only a voucher whose check of this very cart
 * applies is priced and sent; while a check is on its way or failed the sale waits.
 */
export function useVoucher({
  outletId,
  cart,
  serving,
  dispatch,
}: {
  outletId: string | null;
  cart: Cart;
  serving: ServingMethod | null;
  dispatch: (action: CartAction) => void;
}) {
  const client = useQueryClient();
  const code = cart.voucher_code;
  const liveKey = voucherCheckKey(voucherCheckInput(outletId, cart, serving, code));

  // The key last checked: it follows the cart after a pause, or at once for another code.
  const [settled, setSettled] = useState(liveKey);
  const [settledCode, setSettledCode] = useState(code);
  const [lastApplied, setLastApplied] = useState<{ code: string; check: VoucherCheck } | null>(
    null,
  );
  if (settledCode !== code) {
    setSettledCode(code);
    setSettled(liveKey);
  }
  const { setText } = useDebouncedText(settled, setSettled, { delayMs: VOUCHER_RECHECK_MS });
  useEffect(() => setText(liveKey), [liveKey, setText]);

  const query = useQuery({
    queryKey: posKeys.voucherCheck(settled),
    queryFn: () => findVoucher(checkVoucher, JSON.parse(settled) as VoucherCheckInput),
    enabled: settled !== '',
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const finding: VoucherFinding | undefined =
    settled === liveKey && settledCode === code ? query.data : undefined;
  const message = useErrorText(finding?.kind === 'refused' ? finding.code : null);

  let state: VoucherState;
  if (!code) state = { kind: 'none' };
  else if (liveKey === '') state = { kind: 'idle', code };
  else if (finding?.kind === 'applies') state = { kind: 'applies', code, check: finding.check };
  else if (finding?.kind === 'refused')
    state = { kind: 'refused', code, check: finding.check, message };
  else if (query.isError && settled === liveKey)
    state = { kind: 'failed', code, message: query.error.message };
  else
    state = {
      kind: 'checking',
      code,
      previous: lastApplied?.code === code ? lastApplied.check : null,
    };

  // The last check that applied, so the totals keep it while a changed cart is checked again
  // (the sale still waits for the new answer); a refusal forgets it.
  const appliedNow = state.kind === 'applies' ? state : null;
  if (appliedNow && lastApplied?.check !== appliedNow.check) {
    setLastApplied({ code: appliedNow.code, check: appliedNow.check });
  } else if (state.kind === 'refused' && lastApplied) {
    setLastApplied(null);
  }

  return {
    state,
    /** What the voucher takes off this cart, in sen, for the totals on screen. */
    discount:
      state.kind === 'applies'
        ? state.check.discount
        : state.kind === 'checking'
          ? (state.previous?.discount ?? 0)
          : 0,
    /** The code the sale sends: only one that applies to this cart. */
    sendCode: state.kind === 'applies' ? state.code : null,
    /** The sale waits: the voucher's check of this cart has not answered. */
    blocking: state.kind === 'checking' || state.kind === 'failed',
    apply: (applied: string) => dispatch({ type: 'voucher', code: applied }),
    remove: () => dispatch({ type: 'voucher', code: null }),
    retry: () => void query.refetch(),
    /** The server refused the sale for its voucher (`errorCode`): it counts as refused now. */
    refusedAtPayment: (errorCode: string) => {
      if (!liveKey) return;
      client.setQueryData<VoucherFinding>(posKeys.voucherCheck(liveKey), (previous) =>
        refusedFinding(previous, errorCode),
      );
    },
  };
}
