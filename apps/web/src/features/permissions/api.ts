import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PermissionEntry, PermissionListQuery } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';

// /api/permissions (subject permission, platform): the catalogue with the roles holding each string.
export const permissionKeys = resourceKeys<PermissionListQuery>('permissions');

export const listPermissions = (query: PermissionListQuery) =>
  http.get<PermissionEntry[]>('/permissions', { query: { ...query } });

export const usePermissions = (query: PermissionListQuery) =>
  useQuery({
    queryKey: permissionKeys.list(query),
    queryFn: () => listPermissions(query),
    placeholderData: keepPreviousData,
  });
