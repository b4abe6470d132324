import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListMeta, Role, RoleInput, RoleListQuery } from '@kopi/contract';
import { http } from '../../lib/http/http';

// /api/roles (subject role-permission): roles with their permissions and holders (contract: roles.ts).
export const roleKeys = {
  all: ['roles'] as const,
  list: (query: RoleListQuery) => [...roleKeys.all, 'list', query] as const,
};

export interface RolePage {
  rows: Role[];
  meta: ListMeta;
}

export async function listRoles(query: RoleListQuery): Promise<RolePage> {
  const { data, meta } = await http.request<Role[]>('/roles', { query: { ...query } });
  return {
    rows: data ?? [],
    meta: meta ?? { page: query.page, page_size: query.page_size, total: 0 },
  };
}
// The dialog shows why a save was refused (self lock-out, escalation) where the user looks.
export const createRole = (body: RoleInput) =>
  http.post<Role>('/roles', body, { errorToast: 'silent' });
export const updateRole = (id: string, body: RoleInput) =>
  http.put<Role>(`/roles/${id}`, body, { errorToast: 'silent' });
export const deleteRole = (id: string) => http.delete<unknown>(`/roles/${id}`);

export function useRoles(query: RoleListQuery) {
  return useQuery({
    queryKey: roleKeys.list(query),
    queryFn: () => listRoles(query),
    placeholderData: keepPreviousData,
  });
}

export function useInvalidateRoles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: roleKeys.all });
}
