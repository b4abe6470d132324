import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentGateway,
  PaymentGatewayCreate,
  PaymentGatewayTestResult,
  PaymentGatewayUpdate,
} from '@kopi/contract';
import { http } from '../../lib/http/http';

// The payment gateways (/api/payment-gateways, subject payment-gateway): the business's own
// accounts, or the platform's for the superadmin outside any tenant. A handful at most (one per
// provider), so the page shows them all. Credentials come back masked only.
export const paymentGatewayKeys = { all: ['payment-gateways'] as const };

export const listPaymentGateways = () => http.get<PaymentGateway[]>('/payment-gateways');
export const createPaymentGateway = (body: PaymentGatewayCreate) =>
  http.post<PaymentGateway>('/payment-gateways', body);
export const updatePaymentGateway = (id: string, body: PaymentGatewayUpdate) =>
  http.put<PaymentGateway>(`/payment-gateways/${id}`, body);
export const deletePaymentGateway = (id: string) =>
  http.delete<{ id: string }>(`/payment-gateways/${id}`);
export const testPaymentGateway = (id: string) =>
  http.post<PaymentGatewayTestResult>(`/payment-gateways/${id}/test-connection`, {});

export const usePaymentGateways = () =>
  useQuery({ queryKey: paymentGatewayKeys.all, queryFn: listPaymentGateways });

/** Refreshes the list after a change. */
export function useInvalidateGateways() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: paymentGatewayKeys.all });
}
