import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { backgroundJobs } from '../db/schema/jobs';
import { voucherCampaigns, voucherCodes, vouchers } from '../db/schema/vouchers';
import type { Db } from '../db/database';
import { addCustomer, freshPhone } from './customer-fixtures';
import { demoTenantId } from './order-fixtures';
import type { Requests, TestApp } from './test-app';

// Voucher campaigns for the campaigns module's tests, the authorization matrix and the
// idempotency walk: a voucher of unique codes and campaigns of it, written straight to the
// database (any status), and a valid create body.

let counter = 0;

export async function uniqueVoucher(
  db: Db,
  tenantId: string,
  codeKind: 'unique' | 'shared' = 'unique',
) {
  const n = ++counter;
  const [row] = await db
    .insert(vouchers)
    .values({
      tenantId,
      nameEn: `Campaign voucher ${n}`,
      codeKind,
      code: codeKind === 'shared' ? `CAMPSHARED${n}${Date.now() % 10_000}` : null,
      type: 'fixed',
      value: 300,
      validFrom: new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  return row!;
}

/** A campaign of a fresh unique-code voucher, stored with `status`. */
export async function storedCampaign(
  db: Db,
  tenantId: string,
  values: Partial<typeof voucherCampaigns.$inferInsert> = {},
) {
  const voucherId = values.voucherId ?? (await uniqueVoucher(db, tenantId)).id;
  const [row] = await db
    .insert(voucherCampaigns)
    .values({
      tenantId,
      voucherId,
      nameEn: `Campaign ${++counter}`,
      audienceKind: 'all',
      startsAt: new Date('2026-07-01T00:00:00+08:00'),
      endsAt: new Date('2026-07-31T00:00:00+08:00'),
      ...values,
    })
    .returning();
  return row!;
}

export const setCampaignStatus = (db: Db, id: string, status: string) =>
  db.update(voucherCampaigns).set({ status }).where(eq(voucherCampaigns.id, id));

/** A valid create body naming `voucherId`. */
export const campaignBody = (voucherId: string, overrides: Record<string, unknown> = {}) => ({
  name_en: `Campaign ${++counter}`,
  name_my: 'Kempen',
  voucher_id: voucherId,
  audience_kind: 'all',
  starts_at: '2026-07-01T00:00:00+08:00',
  ends_at: '2026-07-31T00:00:00+08:00',
  ...overrides,
});

/**
 * A campaign of `size` fresh customers by phone, started in the past and ending at `endsAt`,
 * created through `api` and scheduled: its id, the phones, and the schedule's answer.
 */
export async function scheduledPhoneCampaign(
  t: TestApp,
  api: Requests,
  size: number,
  endsAt = '2099-01-01T00:00:00+08:00',
) {
  const phones = Array.from({ length: size }, () => freshPhone());
  for (const phone of phones) await addCustomer(t, { name: 'Rcp', phone });
  const voucher = await uniqueVoucher(t.database.db, await demoTenantId(t));
  const created = await api.post(
    '/api/voucher-campaigns',
    campaignBody(voucher.id, {
      audience_kind: 'phone_list',
      audience_phones: phones,
      starts_at: '2026-01-01T00:00:00+08:00',
      ends_at: endsAt,
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const res = await api.post(`/api/voucher-campaigns/${id}/status`, { move: 'schedule' });
  expect(res.statusCode, res.body).toBe(200);
  return { id, phones, scheduled: res.json().data as Record<string, unknown> };
}

/** How many codes a campaign has issued, and to how many customers. */
export const issuedCodes = async (db: Db, campaignId: string) =>
  (
    await db
      .select({
        n: sql<number>`count(*)::int`,
        people: sql<number>`count(distinct customer_id)::int`,
      })
      .from(voucherCodes)
      .where(eq(voucherCodes.campaignId, campaignId))
  )[0]!;

/** A campaign's background jobs, oldest first. */
export const campaignJobs = (db: Db, campaignId: string) =>
  db
    .select()
    .from(backgroundJobs)
    .where(eq(backgroundJobs.subjectId, campaignId))
    .orderBy(asc(backgroundJobs.createdAt), asc(backgroundJobs.id));
