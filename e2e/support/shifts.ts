import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

// Tenants require an open shift to sell at the counter (decision 035): journeys about something
// else open one the way a cashier would, without counting a float.

/**
 * When the POS asks for a shift (the open-shift dialog), opens it with an empty float; when a
 * shift is already open on the till, does nothing. Call it once the POS shows its outlet.
 */
export async function openShiftIfAsked(page: Page) {
  const dialog = page.getByTestId('shift-open-dialog');
  const open = page.getByTestId('pos-shift');
  await expect(dialog.or(open)).toBeVisible();
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
