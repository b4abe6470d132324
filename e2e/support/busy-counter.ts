import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { demoPassword, watchConsole } from '../fixtures';
import { openAllDay } from './outlets';
import { nextSale, payInCash } from './pos';
import { apiLogin, signIn } from './session';
import { closeOpenShifts } from './shifts';
import { createStaff } from './staff';

// A busy counter at Johor Bahru (JB01), which no other journey sells at: the KL01 journeys keep
// their outlet's one till and one cashier, and the day-close journey closes KL01 alone. The
// staff and the second till are found or made through the API as the admin would, so reruns on
// the same database reuse them.

export const BUSY_OUTLET = 'JB01';
export const SECOND_TILL = 'Bar counter';
/** The demo menu's standard Kopi: its one choice has a default, so it goes in with one tap. */
export const KOPI = 'KOP-001';
/** The manager's approval PIN (set again by every journey that needs it). */
export const MANAGER_PIN = '4826';

export const busyStaff = {
  front: { username: 'jb01.farah', fullname: 'Farah Aziz', role: 'cashier' },
  bar: { username: 'jb01.kumar', fullname: 'Kumar Selvam', role: 'cashier' },
  manager: { username: 'jb01.lim', fullname: 'Lim Chee Keong', role: 'manager' },
} as const;

export interface BusyCounter {
  outletId: string;
  /** The outlet's first till (every outlet has one) and the second one made here. */
  frontTill: { id: string; name: string };
  barTill: { id: string; name: string };
  users: Record<keyof typeof busyStaff, { id: string; username: string; fullname: string }>;
  adminHeaders: Record<string, string>;
}

/** The busy counter with no shift left open by an earlier run: every till asks for a new one. */
export async function busyCounterNoShifts(request: APIRequestContext): Promise<BusyCounter> {
  const counter = await busyCounter(request);
  await closeOpenShifts(request, counter.outletId);
  return counter;
}

/**
 * In the approval dialog on `page`: picks the manager by name, types `pin` and applies it (the
 * dialog says whether it was taken).
 */
export async function approveWithPin(page: Page, managerName: string, pin: string) {
  const approval = page.getByTestId('pos-approval-dialog');
  await approval.getByRole('combobox', { name: 'Manager' }).click();
  await page.getByRole('option', { name: managerName, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await approval.getByTestId('approval-pin').fill(pin);
  await approval.getByTestId('pos-approval-apply').click();
}

/**
 * JB01 open round the clock, with two tills, two cashiers and a manager bound to it, all signing
 * in with the demo password.
 */
export async function busyCounter(request: APIRequestContext): Promise<BusyCounter> {
  const outletId = await openAllDay(request, BUSY_OUTLET);
  const { token } = await apiLogin(request, 'admin');
  const adminHeaders = { authorization: `Bearer ${token}` };

  const tillsRes = await request.get(`/api/tills?outlet_id=${outletId}`, {
    headers: adminHeaders,
  });
  expect(tillsRes.status(), await tillsRes.text()).toBe(200);
  const tills = (await tillsRes.json()).data as { id: string; name: string }[];
  let bar = tills.find((t) => t.name === SECOND_TILL);
  if (!bar) {
    const made = await request.post('/api/tills', {
      headers: adminHeaders,
      data: { outlet_id: outletId, name: SECOND_TILL },
    });
    expect(made.status(), await made.text()).toBe(201);
    bar = (await made.json()).data as { id: string; name: string };
  }
  const front = tills.find((t) => t.id !== bar.id)!;

  const users = {} as BusyCounter['users'];
  for (const [key, person] of Object.entries(busyStaff) as [
    keyof typeof busyStaff,
    (typeof busyStaff)[keyof typeof busyStaff],
  ][]) {
    const found = await request.get(`/api/users?q=${person.username}&page_size=10`, {
      headers: adminHeaders,
    });
    expect(found.status(), await found.text()).toBe(200);
    const id =
      ((await found.json()).data as { id: string; username: string }[]).find(
        (u) => u.username === person.username,
      )?.id ?? (await createStaff(request, adminHeaders, { ...person, outletId }));
    users[key] = { id, username: person.username, fullname: person.fullname };
  }
  return { outletId, frontTill: front, barTill: bar, users, adminHeaders };
}

/** Sets the user's approval PIN through the API, as account settings would. */
export async function setPinViaApi(request: APIRequestContext, username: string, pin: string) {
  const { token } = await apiLogin(request, username);
  const res = await request.put('/api/account/pin', {
    headers: { authorization: `Bearer ${token}` },
    data: { pin, pin_confirm: pin, old_password: demoPassword },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A device of its own at 1024×768 (a browser with its own storage, so its own till), signed in
 * as `username`; its console errors land in `errors` except the statuses listed.
 */
export async function counterDevice(
  browser: Browser,
  username: string,
  errors: string[],
  expectedHttpStatuses: number[] = [],
) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  watchConsole(page, errors, expectedHttpStatuses);
  await signIn(page, username);
  return { context, page };
}

/**
 * On a POS whose device has not chosen among the outlet's tills: the open-shift prompt, "Switch
 * till", the till chosen in the chooser, then the float counted in RM 10 notes and the shift
 * opened on it. Returns the open shift's id, as the top bar carries it.
 */
export async function chooseTillAndOpen(page: Page, tillId: string, tenRinggitNotes: number) {
  const open = page.getByTestId('shift-open-dialog');
  await expect(open).toBeVisible();
  await open.getByTestId('shift-open-switch-till').click();
  const chooser = page.getByTestId('till-chooser-dialog');
  await chooser.locator(`[data-till-id="${tillId}"]`).click();
  await expect(chooser).toBeHidden();
  await expect(open).toBeVisible();
  await expect(open.getByTestId('shift-open-till')).toHaveValue(tillId);
  await open.getByTestId('shift-float-note_10').fill(String(tenRinggitNotes));
  await open.getByTestId('shift-open-submit').click();
  await expect(open).toBeHidden();
  const shift = page.getByTestId('pos-shift');
  await expect(shift).toHaveAttribute('data-till-id', tillId);
  return (await shift.getAttribute('data-shift-id'))!;
}

export interface CounterSale {
  id: string;
  order_no: string;
  total: number;
  till_id: string | null;
  shift_id: string | null;
  items: { id: string; name: string; quantity: number }[];
}

/** A staff API read that must succeed: its `data`. */
export async function readData<T>(
  request: APIRequestContext,
  url: string,
  headers: Record<string, string>,
): Promise<T> {
  const res = await request.get(url, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

/**
 * Pays the cart as a pick-up in exact cash; answers the sale as the server recorded it.
 * `onReceipt` looks at the receipt on screen before New sale.
 */
export async function payExactCash(
  page: Page,
  onReceipt?: (receipt: Locator) => Promise<void>,
): Promise<CounterSale> {
  await page.getByTestId('pos-serving-pick_up').click();
  const sold = nextSale(page);
  const payment = await payInCash(page);
  await payment.getByTestId('pos-cash-exact').click();
  await payment.getByTestId('pos-confirm-payment').click();
  const response = await sold;
  expect(response.status(), await response.text()).toBe(201);
  const sale = (await response.json()).data as CounterSale;
  const receipt = page.getByTestId('pos-receipt-dialog');
  await expect(receipt).toContainText(sale.order_no);
  await onReceipt?.(receipt);
  await receipt.getByTestId('pos-new-sale').click();
  await expect(receipt).toBeHidden();
  return sale;
}
