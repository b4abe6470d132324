import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { windowPage, windowTotal } from '../../db/list-page';
import { voucherCampaigns, voucherCodes, voucherRewards, vouchers } from '../../db/schema/vouchers';
import { ownedBy } from '../../db/tenant-scope';

// The codes issued to one customer, for the customer details page, with the voucher and the
// campaign or reward that issued each. Every query filters by tenant_id.

const mine = (tenantId: string, customerId: string) =>
  and(ownedBy(voucherCodes, tenantId), eq(voucherCodes.customerId, customerId));

export async function issuedPage(
  db: Db,
  tenantId: string,
  customerId: string,
  limit: number,
  offset: number,
) {
  const filter = mine(tenantId, customerId);
  const page = db
    .select({
      id: voucherCodes.id,
      code: voucherCodes.code,
      voucherId: vouchers.id,
      voucherNameEn: vouchers.nameEn,
      voucherNameMy: vouchers.nameMy,
      validUntil: vouchers.validUntil,
      campaignNameEn: voucherCampaigns.nameEn,
      campaignNameMy: voucherCampaigns.nameMy,
      rewardNameEn: voucherRewards.nameEn,
      rewardNameMy: voucherRewards.nameMy,
      redeemedAt: voucherCodes.redeemedAt,
      createdAt: voucherCodes.createdAt,
      total: windowTotal(),
    })
    .from(voucherCodes)
    .innerJoin(vouchers, eq(vouchers.id, voucherCodes.voucherId))
    .leftJoin(voucherCampaigns, eq(voucherCampaigns.id, voucherCodes.campaignId))
    .leftJoin(voucherRewards, eq(voucherRewards.id, voucherCodes.rewardId))
    .where(filter)
    .orderBy(desc(voucherCodes.createdAt), desc(voucherCodes.id))
    .limit(limit)
    .offset(offset);
  return windowPage(page, offset, db, voucherCodes, filter);
}

export type IssuedCodeRow = Awaited<ReturnType<typeof issuedPage>>['rows'][number];
