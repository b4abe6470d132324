import { useQuery } from '@tanstack/react-query';
import type {
  AuditEntry,
  PasswordSetup,
  PasswordSetupResult,
  StaffUser,
  StaffUserDetail,
  UserCreateInput,
  UserFormOptions,
  UserInput,
  UserListQuery,
  UserSession,
  userCreatedSchema,
  userStatusChangeSchema,
} from '@kopi/contract';
import type { z } from 'zod';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/users (subject user): staff accounts, their sessions and what they did (contract: users.ts).
export type UserCreated = z.infer<typeof userCreatedSchema>;
export type UserStatusChange = z.infer<typeof userStatusChangeSchema>;
export type ActivityQuery = { page: number; page_size: number };

export const userKeys = {
  ...resourceKeys<UserListQuery>('users'),
  options: () => [...userKeys.all, 'options'] as const,
  sessions: (id: string) => [...userKeys.all, 'sessions', id] as const,
  activity: (id: string, query: ActivityQuery) => [...userKeys.all, 'activity', id, query] as const,
};

export const listUsers = (query: UserListQuery): Promise<Page<StaffUser>> =>
  fetchPage('/users', query);
export const getUser = (id: string) => http.get<StaffUserDetail>(`/users/${id}`);
export const getUserOptions = () => http.get<UserFormOptions>('/users/options');
// Saves report failures on the form (field errors) or in the drawer, not as a toast as well.
export const createUser = (body: UserCreateInput) =>
  http.post<UserCreated>('/users', body, { errorToast: 'silent' });
export const updateUser = (id: string, body: UserInput) =>
  http.put<StaffUserDetail>(`/users/${id}`, body, { errorToast: 'silent' });
export const deleteUser = (id: string) =>
  http.delete<unknown>(`/users/${id}`, { errorToast: 'silent' });
export const disableUser = (id: string) => http.post<UserStatusChange>(`/users/${id}/disable`);
export const enableUser = (id: string) => http.post<UserStatusChange>(`/users/${id}/enable`);
export const resetUserPassword = (id: string, body: PasswordSetup) =>
  http.post<PasswordSetupResult>(`/users/${id}/reset-password`, body, { errorToast: 'silent' });
export const listUserSessions = (id: string) => http.get<UserSession[]>(`/users/${id}/sessions`);
export const revokeUserSession = (id: string, sessionId: string) =>
  http.delete<unknown>(`/users/${id}/sessions/${sessionId}`);
export const revokeAllUserSessions = (id: string) =>
  http.post<{ sessions_ended: number }>(`/users/${id}/sessions/revoke-all`);
export const listUserActivity = (id: string, query: ActivityQuery) =>
  fetchPage<AuditEntry>(`/users/${id}/activity`, query);

export const useUsers = (query: UserListQuery) =>
  usePagedQuery(userKeys.list(query), () => listUsers(query));
export const useUserOptions = (enabled = true) =>
  useQuery({ queryKey: userKeys.options(), queryFn: getUserOptions, enabled });
export const useUser = (id: string) =>
  useQuery({ queryKey: userKeys.detail(id), queryFn: () => getUser(id) });
export const useUserSessions = (id: string) =>
  useQuery({ queryKey: userKeys.sessions(id), queryFn: () => listUserSessions(id) });
export const useUserActivity = (id: string, query: ActivityQuery) =>
  usePagedQuery(userKeys.activity(id, query), () => listUserActivity(id, query));

export const useInvalidateUsers = () => useInvalidate(userKeys.all);
