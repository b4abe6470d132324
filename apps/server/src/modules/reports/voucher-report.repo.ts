import { addVoucherFigures, type VoucherFigures, type VoucherReportRow, zeroVoucherFigures } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { tenantIs } from '../../db/tenant-scope';
import type { ReportScope } from './reports.repo';

// The sales report by voucher (decision 053): voucher_rollups of the range and the compared
// period by voucher and campaign, with their names. Campaigns are read by id only (their table
// belongs to the campaigns); a campaign gone from it shows without a name.

interface Row {
  current: boolean;
  voucher_id: string;
  voucher_en: string;
  voucher_my: string | null;
  campaign_id: string | null;
  campaign_en: string | null;
  campaign_my: string | null;
  redemptions: unknown;
  discount: unknown;
  sales: unknown;
  returned: unknown;
  returned_discount: unknown;
  refunds: unknown;
}

const figuresOf = (r: Row): VoucherFigures => ({
  redemptions: Number(r.redemptions),
  discount: Number(r.discount),
  sales: Number(r.sales),
  returned: Number(r.returned),
  returned_discount: Number(r.returned_discount),
  refunds: Number(r.refunds),
});

/** Each voucher with figures in either period, split by campaign (unsorted). */
export async function vouchersBy(
  db: Db,
  s: ReportScope,
  previous: boolean,
): Promise<VoucherReportRow[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select r.business_date >= ${s.from}::date as current, r.voucher_id::text as voucher_id,
        v.name_en as voucher_en, v.name_my as voucher_my, r.campaign_id::text as campaign_id,
        c.name_en as campaign_en, c.name_my as campaign_my,
        sum(r.redemptions) as redemptions, sum(r.discount) as discount, sum(r.sales) as sales,
        sum(r.returned) as returned, sum(r.returned_discount) as returned_discount,
        sum(r.refunds) as refunds
      from voucher_rollups r
      join vouchers v on v.id = r.voucher_id
      left join voucher_campaigns c on c.id = r.campaign_id and ${tenantIs('c', s.tenantId)}
      where ${tenantIs('r', s.tenantId)}
        and r.business_date between ${s.readFrom}::date and ${s.to}::date
        ${s.outletId ? sql`and r.outlet_id = ${s.outletId}::uuid` : sql``}
      group by 1, 2, 3, 4, 5, 6, 7`),
  );
  const empty = () => ({
    current: zeroVoucherFigures(),
    previous: previous ? zeroVoucherFigures() : null,
  });
  const byVoucher = new Map<string, VoucherReportRow>();
  for (const r of rows) {
    const row =
      byVoucher.get(r.voucher_id) ??
      ({
        key: r.voucher_id,
        label: r.voucher_en,
        label_my: r.voucher_my,
        previous_key: previous ? r.voucher_id : null,
        ...empty(),
        campaigns: [],
      } satisfies VoucherReportRow);
    let campaign = row.campaigns.find((c) => c.key === r.campaign_id);
    if (!campaign) {
      campaign = { key: r.campaign_id, label: r.campaign_en, label_my: r.campaign_my, ...empty() };
      row.campaigns.push(campaign);
    }
    const f = figuresOf(r);
    if (r.current) {
      row.current = addVoucherFigures(row.current, f);
      campaign.current = addVoucherFigures(campaign.current, f);
    } else if (row.previous && campaign.previous) {
      row.previous = addVoucherFigures(row.previous, f);
      campaign.previous = addVoucherFigures(campaign.previous, f);
    }
    byVoucher.set(r.voucher_id, row);
  }
  return [...byVoucher.values()];
}
