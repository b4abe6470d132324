import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin } from './session';
import { klIsoDate } from './kl-dates';

// What the voucher journeys read and set up through the API: the usage figures they compare
// before and after a sale, an outlet's name as the screens show it, vouchers of unique codes.

/** An amount in sen as the screens print it (RM, thousands separated, two decimals). */
export const moneyText = (sen: number) => {
  const digits = (sen / 100)
    .toLocaleString('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .replaceAll('.', '\\.');
  return new RegExp(`^RM\\s?${digits}$`);
};

export async function adminHeaders(request: APIRequestContext) {
  const { token } = await apiLogin(request, 'admin');
  return { authorization: `Bearer ${token}` };
}

/** The outlet's name, as the usage views list it. */
export async function outletName(request: APIRequestContext, outletId: string) {
  const res = await request.get(`/api/outlets/${outletId}`, {
    headers: await adminHeaders(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.name as string;
}

export interface DayFigures {
  date: string;
  redemptions: number;
  discount: number;
  returned: number;
  returned_discount: number;
  sales: number;
  refunds: number;
}

/**
 * An outlet's voucher figures from yesterday to tomorrow in Kuala Lumpur, by business day: a
 * sale's business day is one of them whatever the hour and the outlet's day boundary.
 */
export async function usageAround(request: APIRequestContext, outletId: string) {
  const query = `from=${klIsoDate(-1)}&to=${klIsoDate(1)}&outlet_id=${outletId}`;
  const res = await request.get(`/api/voucher-campaigns/usage/daily?${query}`, {
    headers: await adminHeaders(request),
  });
  expect(res.status(), await res.text()).toBe(200);
  const days = (await res.json()).data.days as DayFigures[];
  return new Map(days.map((d) => [d.date, d]));
}

/** A voucher of unique codes taking `off` sen off, valid from two days ago, made by the admin. */
export async function uniqueVoucher(request: APIRequestContext, name: string, off: number) {
  const res = await request.post('/api/vouchers', {
    headers: { ...(await adminHeaders(request)), 'idempotency-key': randomUUID() },
    data: {
      name_en: name,
      name_my: `${name} (BM)`,
      code_kind: 'unique',
      type: 'fixed',
      value: off,
      valid_from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { id: string; name_en: string };
}
