import { useQuery } from '@tanstack/react-query';
import type { CounterTopup, CounterTopupCreate, CounterTopupOptions } from '@kopi/contract';
import { http } from '../../lib/http/http';

// Wallet top-ups at the counter: GET /api/counter-topups/options and
// POST /api/customers/{id}/wallet/counter-topups (create-pos).

export function useTopupOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['pos', 'topup-options'],
    queryFn: () =>
      http.get<CounterTopupOptions>('/counter-topups/options', { errorToast: 'silent' }),
    enabled,
  });
}

/** One attempt with its Idempotency-Key; the dialog says why it was refused. */
export const createCounterTopup = (
  customerId: string,
  body: CounterTopupCreate,
  idempotencyKey: string,
) =>
  http.post<CounterTopup>(`/customers/${customerId}/wallet/counter-topups`, body, {
    idempotencyKey,
    retries: 0,
    errorToast: 'silent',
  });
