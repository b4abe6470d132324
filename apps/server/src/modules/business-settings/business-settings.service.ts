import type { BusinessSettings, BusinessSettingsInput } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { AppError, found } from '../../lib/errors';
import { removeImages, storeImage } from '../../lib/images';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './business-settings.repo';

// A tenant's own business settings, set by its admin: rates, rounding, registration numbers,
// receipt texts and logo, business-day cut-off. Orders keep the amounts they were priced with
// (orders.service reads the rates when it prices a sale), so a change only reaches new orders.
// Every change is audited with the settings before and after.

/**
 * Where each setting lives on the tenants row: a new tenant setting is one line here (and one in
 * the contract's businessSettingsShape).
 */
const columnOf = {
  sst_registration_no: 'sstRegistrationNo',
  service_tax_rate_bp: 'serviceTaxRateBp',
  service_charge_taxable: 'serviceTaxOnServiceCharge',
  service_charge_rate_bp: 'serviceChargeRateBp',
  service_charge_methods: 'serviceChargeMethods',
  cash_rounding: 'cashRounding',
  brn: 'brn',
  tin: 'tin',
  receipt_header: 'receiptHeader',
  receipt_footer: 'receiptFooter',
  receipt_header_my: 'receiptHeaderMy',
  receipt_footer_my: 'receiptFooterMy',
  shifts_required: 'shiftsRequired',
  shift_variance_tolerance: 'shiftVarianceTolerance',
  manual_discount_max_bp: 'manualDiscountMaxBp',
  shift_blind_count: 'shiftBlindCount',
  cash_out_approval_over: 'cashOutApprovalOver',
  business_day_cutoff_hour: 'businessDayCutoffHour',
} as const satisfies { [K in keyof BusinessSettingsInput]: keyof repo.TenantSettingsRow };

type SettingKey = keyof typeof columnOf;
const settingKeys = Object.keys(columnOf) as SettingKey[];

/** The receipt logo: one size, wide enough for an 80 mm printer's 576 dots at half. */
const LOGO_SIZES = [{ name: 'url', size: 400 }] as const;

function settingsOf(row: repo.TenantSettingsRow): BusinessSettingsInput {
  return Object.fromEntries(
    settingKeys.map((key) => [key, row[columnOf[key]]]),
  ) as BusinessSettingsInput;
}

export function toBusinessSettings(row: repo.TenantSettingsRow): BusinessSettings {
  return {
    ...settingsOf(row),
    business_name: row.name,
    receipt_logo_url: row.receiptLogoUrl,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An empty text is none; a serving method named twice counts once. */
function normalised(input: BusinessSettingsInput): BusinessSettingsInput {
  const out: Record<string, unknown> = {};
  for (const key of settingKeys) out[key] = input[key] === '' ? null : input[key];
  return {
    ...(out as BusinessSettingsInput),
    service_charge_methods: [...new Set(input.service_charge_methods)],
  };
}

/** Only the settings that change, by name, before and after (the audit entry's two sides). */
function changesOf(before: BusinessSettingsInput, after: BusinessSettingsInput) {
  const changed = settingKeys.filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const pick = (s: BusinessSettingsInput) => Object.fromEntries(changed.map((k) => [k, s[k]]));
  return { changed, before: pick(before), after: pick(after) };
}

/**
 * The tenant a business-settings call works on: the caller's own. Platform staff keep the
 * tenants module (/tenant) for a business's settings, even while working inside it.
 */
function ownTenantOf(ctx: AuthedContext): string {
  if (ctx.principal.acting) throw new AppError('forbidden');
  return tenantIdOf(ctx);
}

export function createBusinessSettingsService({ db, dataDir }: { db: Db; dataDir: string }) {
  const require = async (tenantId: string) => found(await repo.settingsOf(db, tenantId));

  return {
    async get(ctx: AuthedContext): Promise<BusinessSettings> {
      return toBusinessSettings(await require(ownTenantOf(ctx)));
    },

    async update(ctx: AuthedContext, input: BusinessSettingsInput): Promise<BusinessSettings> {
      const tenantId = ownTenantOf(ctx);
      const current = await require(tenantId);
      const { changed, before, after } = changesOf(settingsOf(current), normalised(input));
      if (changed.length > 0) {
        const values = Object.fromEntries(
          changed.map((k) => [columnOf[k], after[k]]),
        ) as repo.TenantSettingsValues;
        const entry = {
          action: 'business_settings.update',
          entity: 'tenant',
          entityId: tenantId,
          before,
          after,
        };
        await audited(db, ctx, entry, (tx) => repo.updateSettings(tx, tenantId, values));
      }
      return toBusinessSettings(await require(tenantId));
    },

    /** Checks the picture by its content, stores it re-encoded, then drops the old one. */
    async setLogo(ctx: AuthedContext, file: Buffer): Promise<BusinessSettings> {
      const tenantId = ownTenantOf(ctx);
      const current = await require(tenantId);
      const { url } = await storeImage(dataDir, 'logos', file, LOGO_SIZES);
      try {
        await audited(db, ctx, logoEntry(tenantId, current.receiptLogoUrl, url), (tx) =>
          repo.updateSettings(tx, tenantId, { receiptLogoUrl: url }),
        );
      } catch (error) {
        await removeImages(dataDir, [url]);
        throw error;
      }
      await removeImages(dataDir, [current.receiptLogoUrl]);
      return toBusinessSettings(await require(tenantId));
    },

    async removeLogo(ctx: AuthedContext): Promise<BusinessSettings> {
      const tenantId = ownTenantOf(ctx);
      const current = await require(tenantId);
      if (current.receiptLogoUrl) {
        await audited(db, ctx, logoEntry(tenantId, current.receiptLogoUrl, null), (tx) =>
          repo.updateSettings(tx, tenantId, { receiptLogoUrl: null }),
        );
        await removeImages(dataDir, [current.receiptLogoUrl]);
      }
      return toBusinessSettings(await require(tenantId));
    },
  };
}

const logoEntry = (tenantId: string, before: string | null, after: string | null) => ({
  action: 'business_settings.logo',
  entity: 'tenant',
  entityId: tenantId,
  before: { receipt_logo_url: before },
  after: { receipt_logo_url: after },
});

export type BusinessSettingsService = ReturnType<typeof createBusinessSettingsService>;
