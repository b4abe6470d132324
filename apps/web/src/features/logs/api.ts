import { useQuery } from '@tanstack/react-query';
import type {
  AuditEntry,
  AuditEntryDetail,
  AuditFilterOptions,
  AuditListQuery,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { downloadFile } from '../../lib/http/transfer';
import { fetchPage, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/logs (subject log): the audit log, read-only (contract: audit-log.ts).
export const logKeys = {
  ...resourceKeys<AuditListQuery>('logs'),
  filters: () => [...logKeys.all, 'filters'] as const,
};

export type LogPage = Page<AuditEntry>;

export const listLogs = (query: AuditListQuery): Promise<LogPage> => fetchPage('/logs', query);
export const getLog = (id: string) => http.get<AuditEntryDetail>(`/logs/${id}`);
export const getLogFilters = () => http.get<AuditFilterOptions>('/logs/filters');

/** The filtered log as CSV (newest first, at most 50,000 entries). */
export function exportLogs(query: AuditListQuery) {
  const { page: _page, page_size: _size, ...filters } = query;
  return downloadFile('/logs/export', { ...filters }, 'audit-log.csv');
}

export const useLogs = (query: AuditListQuery) =>
  usePagedQuery(logKeys.list(query), () => listLogs(query));
export const useLog = (id: string | null) =>
  useQuery({ queryKey: logKeys.detail(id ?? ''), queryFn: () => getLog(id!), enabled: !!id });
export const useLogFilters = () =>
  useQuery({ queryKey: logKeys.filters(), queryFn: getLogFilters, staleTime: 30_000 });
