import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin } from './session';

// Tenants require an open shift to sell at the counter (decision 035): journeys about something
// else open one the way a cashier would, without counting a float.

// The POS's first paint after a navigation: its page chunk, the outlets, then the outlet's shift,
// tills, context and menu, then a menu's render. On a busy 2-core machine that has taken over
// 10 s (the default for a screen's reaction), so the first wait has a page load's room.
const POS_LOAD_MS = 30_000;

/**
 * When the POS asks for a shift (the open-shift dialog), opens it with an empty float; when a
 * shift is already open on the till, does nothing. Waits for the POS to load first.
 */
export async function openShiftIfAsked(page: Page) {
  const dialog = page.getByTestId('shift-open-dialog');
  const open = page.getByTestId('pos-shift');
  await expect(dialog.or(open)).toBeVisible({ timeout: POS_LOAD_MS });
  if (await dialog.isVisible()) {
    await dialog.getByTestId('shift-open-submit').click();
    await expect(dialog).toBeHidden();
  }
  await expect(open).toBeVisible();
}

/** Opens a shift on the outlet's first till through the API unless one is open there. */
export async function ensureShiftViaApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  outletId: string,
) {
  const tills = await request.get(`/api/tills?outlet_id=${outletId}`, { headers });
  expect(tills.status(), await tills.text()).toBe(200);
  const [till] = (await tills.json()).data as { id: string; open_shift: unknown }[];
  if (!till || till.open_shift) return;
  const opened = await request.post('/api/shifts', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { till_id: till.id, float: {} },
  });
  expect([201, 409], await opened.text()).toContain(opened.status());
}

const denominations = [
  ['note_100', 10_000],
  ['note_50', 5_000],
  ['note_20', 2_000],
  ['note_10', 1_000],
  ['note_5', 500],
  ['note_1', 100],
  ['coin_50', 50],
  ['coin_20', 20],
  ['coin_10', 10],
  ['coin_5', 5],
] as const;

/** Notes and coins making up `sen`, largest first. */
export function countOf(sen: number) {
  let left = sen;
  const count: Record<string, number> = {};
  for (const [key, value] of denominations) {
    const n = Math.floor(left / value);
    if (n > 0) count[key] = n;
    left -= n * value;
  }
  return count;
}

export const senIn = (text: string) =>
  Math.round(Number(/([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, '')) * 100);

/** A shift left open on the outlet by an earlier run is closed, so the POS asks for a new one. */
export async function closeOpenShifts(request: APIRequestContext, outletId: string) {
  const { token } = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const current = await request.get(`/api/shifts/current?outlet_id=${outletId}`, { headers });
  for (const s of (await current.json()).data.shifts as { id: string }[]) {
    const closed = await request.post(`/api/shifts/${s.id}/close`, {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { counted: {}, note: 'Closed before a counter journey' },
    });
    expect(closed.status(), await closed.text()).toBe(200);
  }
}
