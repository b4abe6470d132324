import { eq } from 'drizzle-orm';
import { voucherCampaigns, vouchers } from '../db/schema/vouchers';
import type { Db } from '../db/database';

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
