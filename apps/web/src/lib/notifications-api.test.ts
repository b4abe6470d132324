import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { markNotificationRead, toNotificationList } from './notifications-api';
import { registerToastHost, resetToasts, type ToastRequest } from './toasts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('notifications (SPEC §7)', () => {
  it('reads data.list_notify_order and sets the count to its length', () => {
    const n = (id: string) => ({
      id_notify: id,
      id_order: null,
      title: id,
      body: null,
      title_key: null,
      params: null,
      time: '',
      created_at: '',
      read: false,
    });
    const list = [n('a'), n('b'), n('c')];
    expect(toNotificationList({ list_notify_order: list })).toEqual({ list, count: 3 });
    expect(toNotificationList(undefined)).toEqual({ list: [], count: 0 });
  });

  it('marking read needs data.id_notify, else "Product is empty"', async () => {
    const toasts: ToastRequest[] = [];
    registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
    const calls = mockFetch(() => ({ body: { data: {} } }));
    await expect(markNotificationRead('n1')).rejects.toThrow('Product is empty');
    expect(calls[0]).toMatchObject({ url: '/api/notification/read/n1', method: 'PUT' });
    expect(toasts.map((t) => t.message)).toEqual(['Product is empty']);
  });

  it('capitalises each word of a failure', async () => {
    const toasts: ToastRequest[] = [];
    registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
    mockFetch(() => ({ status: 404, body: { code_message: 'not_found' } }));
    await expect(markNotificationRead('n1')).rejects.toThrow();
    expect(toasts.map((t) => t.message)).toEqual(['Resource Not Found']);
  });
});
