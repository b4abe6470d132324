import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, ChangePasswordRequest, ProfileUpdate } from '@kopi/contract';
import { http } from '../../lib/http/http';

// Account endpoints (SPEC §7 profile and password; DESIGN §8 account flows).
export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

export interface TwoStepSetup {
  secret: string;
  otpauth_url: string;
  qr_data_url: string;
}

export const updateProfile = (userId: string, body: ProfileUpdate) =>
  http.put<unknown>(`/registrationdata/${encodeURIComponent(userId)}`, body);

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<{ avatar: string }>('/account/avatar', form);
}

export const changePassword = (body: ChangePasswordRequest) =>
  http.post<unknown>('/changepassword', body);

export const setupTwoStep = () => http.post<TwoStepSetup>('/account/two-step/setup');
export const enableTwoStep = (code: string) =>
  http.post<{ recovery_codes: string[] }>('/account/two-step/enable', { code });
export const disableTwoStep = (password: string) =>
  http.post<unknown>('/account/two-step/disable', { password });

export const listSessions = () => http.get<AccountSession[]>('/account/sessions');
export const revokeSession = (id: string) =>
  http.delete<unknown>(`/account/sessions/${encodeURIComponent(id)}`);
export const revokeOtherSessions = () => http.post<unknown>('/account/sessions/revoke-others');

export function useAccountSessions() {
  return useQuery({ queryKey: accountKeys.sessions(), queryFn: listSessions });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
