import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerDetails,
  CustomerListQuery,
  CustomerNote,
  CustomerSummary,
  CustomerUpdate,
  ListQuery,
  MembershipTier,
  WalletAdjustmentInput,
  WalletAdjustmentResult,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys, useRecord } from '../../lib/http/resource-keys';
import { fetchPage, usePagedQuery } from '../../lib/http/paged-list';
import { downloadInLanguage, saveFile } from '../../lib/http/transfer';

// /api/customers (subject customer), a customer's wallet ledger and adjustments (wallet), points
// ledger (membership) and referrals (referral). A write refreshes everything under the customer's
// key: the profile's balances, the ledgers and the list.
export const customerKeys = {
  ...resourceKeys<CustomerListQuery>('customers'),
  tiers: () => [...customerKeys.all, 'tiers'] as const,
  one: (id: string) => [...customerKeys.all, 'one', id] as const,
  detail: (id: string) => [...customerKeys.one(id), 'detail'] as const,
  tab: (id: string, tab: string, query: ListQuery) =>
    [...customerKeys.one(id), tab, query] as const,
  notes: (id: string) => [...customerKeys.one(id), 'notes'] as const,
};

export type CustomerExportFilters = Omit<CustomerListQuery, 'page' | 'page_size'>;

export const listCustomers = (query: CustomerListQuery) =>
  fetchPage<CustomerSummary>('/customers', query);

/** The filtered list as CSV, in the screen's language. */
export const exportCustomers = (filters: CustomerExportFilters) =>
  downloadInLanguage('/customers/export', filters, 'customers.csv');

/** A missing customer is a page state (not found), not a toast. */
export const getCustomer = (id: string) =>
  http.get<CustomerDetails>(`/customers/${id}`, { errorToast: 'silent' });
export const updateCustomer = (id: string, body: CustomerUpdate) =>
  http.put<CustomerDetails>(`/customers/${id}`, body);
export const blockCustomer = (id: string) =>
  http.post<CustomerDetails>(`/customers/${id}/block`, {});
export const unblockCustomer = (id: string) =>
  http.post<CustomerDetails>(`/customers/${id}/unblock`, {});
/** PDPA erasure; the body says explicitly that it is meant (it cannot be undone). */
export const anonymiseCustomer = (id: string) =>
  http.post<unknown>(`/customers/${id}/anonymise`, { confirm: true });
export const addCustomerNote = (id: string, body: string) =>
  http.post<CustomerNote>(`/customers/${id}/notes`, { body });

/** PDPA: everything held on the customer (the answer's document), saved as a JSON file. */
export async function exportPersonalData(id: string) {
  const data = await http.get<unknown>(`/customers/${id}/personal-data`);
  const json = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile(json, `customer-${id}-personal-data.json`);
}

/** Posts at once within the tenant's limit, else waits for a second approver. */
export const adjustWallet = (id: string, body: WalletAdjustmentInput) =>
  http.post<WalletAdjustmentResult>(`/customers/${id}/wallet/adjust`, body);

/** The tiers for the list's filter (read-membership). */
export const listTiers = () =>
  http.get<MembershipTier[]>('/membership-tiers', { query: { page: 1, page_size: 100 } });

export const useCustomers = (query: CustomerListQuery) =>
  usePagedQuery(customerKeys.list(query), () => listCustomers(query));

export function useTiers(enabled: boolean) {
  return useQuery({ queryKey: customerKeys.tiers(), queryFn: listTiers, enabled });
}

export const useCustomer = (id: string | undefined) => useRecord(customerKeys, id, getCustomer);

export type CustomerTab = 'orders' | 'wallet' | 'points' | 'vouchers' | 'referrals';

/**
 * One page of a details tab (`T` its row): the customer's orders, wallet or points ledger, the
 * vouchers issued to them, or the referral list narrowed to the customer.
 */
export function useCustomerTab<T>(id: string, tab: CustomerTab, query: ListQuery) {
  const path = tab === 'referrals' ? '/referrals' : `/customers/${id}/${tab}`;
  const fullQuery = tab === 'referrals' ? { ...query, customer_id: id } : query;
  return usePagedQuery<T>(customerKeys.tab(id, tab, query), () => fetchPage<T>(path, fullQuery));
}

export function useCustomerNotes(id: string) {
  return useQuery({
    queryKey: customerKeys.notes(id),
    queryFn: () => http.get<CustomerNote[]>(`/customers/${id}/notes`),
  });
}

/** After a write on a customer: their profile, ledgers and the list ask again. */
export function useRefreshCustomers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: customerKeys.all });
}
