import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PermissionEntry, PermissionListQuery } from '@kopi/contract';
import { http } from '../../lib/http/http';

// /api/permissions (subject permission, platform): the catalogue with the roles holding each string.
export const permissionKeys = {
  all: ['permissions'] as const,
  list: (query: PermissionListQuery) => [...permissionKeys.all, 'list', query] as const,
};

export const listPermissions = (query: PermissionListQuery) =>
  http.get<PermissionEntry[]>('/permissions', { query: { ...query } });

export const usePermissions = (query: PermissionListQuery) =>
  useQuery({
    queryKey: permissionKeys.list(query),
    queryFn: () => listPermissions(query),
    placeholderData: keepPreviousData,
  });
