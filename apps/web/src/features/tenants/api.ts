import { useQuery } from '@tanstack/react-query';
import type {
  Outlet,
  Tenant,
  TenantContext,
  TenantCreated,
  TenantCreateInput,
  TenantInput,
} from '@kopi/contract';
import type { tenantListQuerySchema } from '@kopi/contract';
import type { z } from 'zod';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/tenants (subject tenant, superadmin): tenants, their outlets, and the tenant a platform
// user works inside.
export type TenantListQuery = z.infer<typeof tenantListQuerySchema>;

export const tenantKeys = {
  ...resourceKeys<TenantListQuery>('tenants'),
  outlets: (id: string) => [...tenantKeys.all, 'outlets', id] as const,
  context: () => [...tenantKeys.all, 'context'] as const,
};

export type TenantPage = Page<Tenant>;

export const listTenants = (query: TenantListQuery): Promise<TenantPage> =>
  fetchPage('/tenants', query);
export const createTenant = (body: TenantCreateInput) => http.post<TenantCreated>('/tenants', body);
export const updateTenant = (id: string, body: TenantInput) =>
  http.put<Tenant>(`/tenants/${id}`, body);
export const suspendTenant = (id: string) => http.post<Tenant>(`/tenants/${id}/suspend`);
export const activateTenant = (id: string) => http.post<Tenant>(`/tenants/${id}/activate`);
export const tenantOutlets = (id: string) => http.get<Outlet[]>(`/tenants/${id}/outlets`);
export const tenantContext = () => http.get<TenantContext>('/tenants/context');
export const enterTenant = (id: string) => http.post<TenantContext>(`/tenants/${id}/enter`);
export const leaveTenant = () => http.post<TenantContext>('/tenants/leave');

export const useTenants = (query: TenantListQuery) =>
  usePagedQuery(tenantKeys.list(query), () => listTenants(query));
export const useTenantOutlets = (id: string, enabled: boolean) =>
  useQuery({ queryKey: tenantKeys.outlets(id), queryFn: () => tenantOutlets(id), enabled });
export const useTenantContext = () =>
  useQuery({ queryKey: tenantKeys.context(), queryFn: tenantContext });

export const useInvalidateTenants = () => useInvalidate(tenantKeys.all);
