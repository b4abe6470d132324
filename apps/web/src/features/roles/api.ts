import type { Role, RoleInput, RoleListQuery } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/roles (subject role-permission): roles with their permissions and holders (contract: roles.ts).
export const roleKeys = resourceKeys<RoleListQuery>('roles');

export type RolePage = Page<Role>;

export const listRoles = (query: RoleListQuery): Promise<RolePage> => fetchPage('/roles', query);
// The dialog shows why a save was refused (self lock-out, escalation) where the user looks.
export const createRole = (body: RoleInput) =>
  http.post<Role>('/roles', body, { errorToast: 'silent' });
export const updateRole = (id: string, body: RoleInput) =>
  http.put<Role>(`/roles/${id}`, body, { errorToast: 'silent' });
export const deleteRole = (id: string) => http.delete<unknown>(`/roles/${id}`);

export const useRoles = (query: RoleListQuery) =>
  usePagedQuery(roleKeys.list(query), () => listRoles(query));

export const useInvalidateRoles = () => useInvalidate(roleKeys.all);
