import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin } from './session';

/** Sets every day of the outlet `code` to the same `ranges`, as its admin would; returns its id. */
export async function setWeeklyHours(
  request: APIRequestContext,
  code: string,
  ranges: { open: string; close: string }[],
) {
  const { token } = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const outletId = await outletIdOf(request, headers, code);
  const hours = Array.from({ length: 7 }, (_, day) => ({ day, ranges }));
  const res = await request.put(`/api/outlets/${outletId}/hours`, {
    headers,
    data: { hours, last_order_minutes: 0 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return outletId;
}

/** The id of the outlet `code`, read as its admin would. */
export async function outletIdOf(
  request: APIRequestContext,
  adminHeaders: Record<string, string>,
  code: string,
) {
  const list = await request.get('/api/outlets?page_size=100', { headers: adminHeaders });
  expect(list.status(), await list.text()).toBe(200);
  const outlet = ((await list.json()).data as { id: string; code: string }[]).find(
    (o) => o.code === code,
  );
  if (!outlet) throw new Error(`no outlet ${code}`);
  return outlet.id;
}

// Journeys that sell must not depend on the hour the suite runs at: the outlet is opened round the
// clock first (two ranges a day, the second running to midnight), as an admin would for a 24-hour
// shop. Returns the outlet's id.
export const openAllDay = (request: APIRequestContext, code: string) =>
  setWeeklyHours(request, code, [
    { open: '00:00', close: '12:00' },
    { open: '12:00', close: '00:00' },
  ]);
