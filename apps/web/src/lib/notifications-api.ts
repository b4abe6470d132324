import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifyOrder } from '@kopi/contract';
import { http } from './http/http';
import { HttpError } from './http/http-client';
import { i18n } from './i18n/i18n';
import { notificationKeys } from './session/query-keys';
import { useIsLocked, useIsSignedIn } from './session/session-store';
import { toast } from './toasts';

// SPEC §7 notification calls; their errors show the code_message with each word capitalised.
export interface NotificationList {
  list: NotifyOrder[];
  /** The list's length (SPEC §7): the server lists only the user's unread notifications. */
  count: number;
}

export function toNotificationList(data: { list_notify_order?: NotifyOrder[] } | undefined) {
  const list = Array.isArray(data?.list_notify_order) ? data.list_notify_order : [];
  return { list, count: list.length };
}

export async function fetchNotifications(): Promise<NotificationList> {
  const data = await http.get<{ list_notify_order?: NotifyOrder[] }>('/notification', {
    errorToast: 'notification',
  });
  return toNotificationList(data);
}

/** PUT notification/read/{id}: success needs data.id_notify, else "Product is empty" (SPEC §7). */
export async function markNotificationRead(id: string) {
  const data = await http.put<{ id_notify?: string } | undefined>(
    `/notification/read/${encodeURIComponent(id)}`,
    undefined,
    { errorToast: 'notification' },
  );
  if (!data?.id_notify) {
    const message = i18n.t('http.productEmpty');
    toast.error(message);
    throw new HttpError(200, message);
  }
  return data.id_notify;
}

export const markAllNotificationsRead = () =>
  http.post<unknown>('/notification/read-all', undefined, { errorToast: 'notification' });

export function useNotifications() {
  const signedIn = useIsSignedIn();
  const locked = useIsLocked();
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: fetchNotifications,
    enabled: signedIn && !locked,
    // Live events also refresh it; polling keeps the count right when the socket is away.
    refetchInterval: 60_000,
  });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
