import { useQuery } from '@tanstack/react-query';
import type { Outlet, OutletHours, OutletInput } from '@kopi/contract';
import type { closureItemSchema, closureInputSchema, outletListQuerySchema } from '@kopi/contract';
import type { z } from 'zod';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/outlets (subject outlet) and their hours and closures (subject time-management).
export type OutletListQuery = z.infer<typeof outletListQuerySchema>;
export type Closure = z.infer<typeof closureItemSchema>;
export type ClosureInput = z.infer<typeof closureInputSchema>;

export const outletKeys = {
  ...resourceKeys<OutletListQuery>('outlets'),
  choices: () => [...outletKeys.all, 'all'] as const,
  hours: (id: string) => [...outletKeys.all, 'hours', id] as const,
  closures: (id: string) => [...outletKeys.all, 'closures', id] as const,
};

export type OutletPage = Page<Outlet>;

export const listOutlets = (query: OutletListQuery): Promise<OutletPage> =>
  fetchPage('/outlets', query);
export const listAllOutlets = () =>
  http.get<Outlet[]>('/outlets', { query: { page: 1, page_size: 100 } });
export const createOutlet = (body: OutletInput) => http.post<Outlet>('/outlets', body);
export const updateOutlet = (id: string, body: OutletInput) =>
  http.put<Outlet>(`/outlets/${id}`, body);
export const deleteOutlet = (id: string) =>
  http.delete<unknown>(`/outlets/${id}`, { errorToast: 'silent' });

export const getHours = (id: string) => http.get<OutletHours>(`/outlets/${id}/hours`);
export const saveHours = (id: string, body: OutletHours) =>
  http.put<OutletHours>(`/outlets/${id}/hours`, body);
export const listClosures = (id: string) => http.get<Closure[]>(`/outlets/${id}/closures`);
export const addClosure = (id: string, body: ClosureInput) =>
  http.post<Closure>(`/outlets/${id}/closures`, body);
export const removeClosure = (id: string, closureId: string) =>
  http.delete<unknown>(`/outlets/${id}/closures/${closureId}`);

export const useOutlets = (query: OutletListQuery) =>
  usePagedQuery(outletKeys.list(query), () => listOutlets(query));
export const useAllOutlets = () =>
  useQuery({ queryKey: outletKeys.choices(), queryFn: listAllOutlets });
export const useOutletHours = (id: string | null) =>
  useQuery({ queryKey: outletKeys.hours(id ?? ''), queryFn: () => getHours(id!), enabled: !!id });
export const useClosures = (id: string | null) =>
  useQuery({
    queryKey: outletKeys.closures(id ?? ''),
    queryFn: () => listClosures(id!),
    enabled: !!id,
  });

export const useInvalidateOutlets = () => useInvalidate(outletKeys.all);
