import {
  type AppFeature,
  type AppFeatureCode,
  type AppFeatureInput,
  type AppSettingEntry,
  type EffectiveAppFeature,
  resolveAppFeature,
  servingMethods,
  type TenantAppFeature,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './app-features.repo';

// Customer-app feature switches (decision 041). The platform's catalogue says what exists, its
// default and whether a tenant may change it; a tenant switches the changeable features for the
// whole business or, for per-outlet features, one outlet. The effective value is the outlet's
// switch, else the tenant's, else the platform default (a locked feature: always the default).
// The app's calls (modules/mobile) ask `require` before they act; the counter never does.

const toFeature = (r: repo.AppFeatureRow): AppFeature => ({
  code: r.code as AppFeatureCode,
  name_en: r.nameEn,
  name_my: r.nameMy,
  description_en: r.descriptionEn,
  description_my: r.descriptionMy,
  default_enabled: r.defaultEnabled,
  locked: r.locked,
  per_outlet: r.perOutlet,
  updated_at: r.updatedAt.toISOString(),
});

const resolve = (r: Omit<repo.FeatureLayersRow, 'code' | 'nameEn' | 'nameMy'>) =>
  resolveAppFeature({
    defaultEnabled: r.defaultEnabled,
    locked: r.locked,
    perOutlet: r.perOutlet,
    tenantSwitch: r.tenantSwitch,
    outletSwitch: r.outletSwitch,
  });

const switchKey = (code: string, outletId: string | null) => `${code}:${outletId ?? ''}`;

/** Whether an outlet offers a feature at all: its own serving methods bound those features. */
const offeredAt = (code: string, outletMethods: readonly string[]) =>
  !(servingMethods as readonly string[]).includes(code) || outletMethods.includes(code);

export function createAppFeatureService({ db }: { db: Db }) {
  async function requireFeature(code: AppFeatureCode) {
    const feature = await repo.findFeature(db, code);
    if (!feature) throw new AppError('not_found');
    return feature;
  }

  /** The tenant's view: each feature's value for the business and, if per outlet, each outlet's. */
  async function tenantView(tenantId: string): Promise<TenantAppFeature[]> {
    const [features, switches, outlets] = await Promise.all([
      repo.catalogue(db),
      repo.tenantSwitches(db, tenantId),
      repo.tenantOutlets(db, tenantId),
    ]);
    const switched = new Map(
      switches.map((s) => [switchKey(s.featureCode, s.outletId), s.enabled]),
    );
    return features.map((f) => {
      const tenantSwitch = switched.get(switchKey(f.code, null)) ?? null;
      const layers = { ...f, tenantSwitch, outletSwitch: null };
      const { updated_at: _at, ...feature } = toFeature(f);
      return {
        ...feature,
        tenant_switch: tenantSwitch,
        ...resolve(layers),
        outlets: f.perOutlet
          ? outlets.map((o) => {
              const outletSwitch = switched.get(switchKey(f.code, o.id)) ?? null;
              return {
                outlet_id: o.id,
                outlet_code: o.code,
                outlet_name: o.name,
                switch: outletSwitch,
                ...resolve({ ...layers, outletSwitch }),
                offered: offeredAt(f.code, o.servingMethods),
              };
            })
          : [],
      };
    });
  }

  async function viewOf(tenantId: string, code: AppFeatureCode): Promise<TenantAppFeature> {
    return (await tenantView(tenantId)).find((f) => f.code === code)!;
  }

  /** Sets or clears one switch, audited with what it was. */
  async function writeSwitch(
    ctx: AuthedContext,
    tenantId: string,
    code: AppFeatureCode,
    outletId: string | null,
    enabled: boolean | null,
  ) {
    const [before] = (await repo.tenantSwitches(db, tenantId)).filter(
      (s) => s.featureCode === code && s.outletId === outletId,
    );
    const entry = {
      action: enabled === null ? 'app_feature.switch_clear' : 'app_feature.switch',
      entity: 'app_feature',
      entityId: code,
      before: { outlet_id: outletId, enabled: before?.enabled ?? null },
      after: { outlet_id: outletId, enabled },
    };
    await audited(db, ctx, entry, (tx) =>
      enabled === null
        ? repo.clearSwitch(tx, tenantId, code, outletId)
        : repo.setSwitch(tx, tenantId, code, outletId, enabled),
    );
  }

  /** A tenant may change a feature the platform has not locked. */
  function refuseLocked(feature: repo.AppFeatureRow) {
    if (feature.locked) {
      throw new AppError('app_feature_locked', {
        message: `${feature.nameEn} is fixed by the platform for every business and cannot be changed`,
      });
    }
  }

  /** Each feature's value for the tenant, or at one outlet of it: one statement. */
  async function effectiveFeatures(
    tenantId: string,
    outletId: string | null,
  ): Promise<EffectiveAppFeature[]> {
    const rows = await repo.featureLayers(db, tenantId, outletId);
    return rows.map((r) => ({ code: r.code as AppFeatureCode, ...resolve(r) }));
  }

  return {
    // ---- The platform's catalogue (/api/general-settings/features) --------------------------

    async catalogue(): Promise<AppFeature[]> {
      return (await repo.catalogue(db)).map(toFeature);
    },

    async updateCatalogue(
      ctx: AuthedContext,
      code: AppFeatureCode,
      input: AppFeatureInput,
    ): Promise<AppFeature> {
      const before = await requireFeature(code);
      const values = {
        nameEn: input.name_en,
        nameMy: input.name_my,
        descriptionEn: input.description_en,
        descriptionMy: input.description_my,
        defaultEnabled: input.default_enabled,
        locked: input.locked,
      };
      // The catalogue is the platform's: the entry belongs to no tenant, even when the superadmin
      // works inside one.
      const entry = {
        action: 'app_feature.update',
        entity: 'app_feature',
        entityId: code,
        tenantId: null,
        before: toFeature(before),
        after: input,
      };
      await audited(db, ctx, entry, (tx) => repo.updateFeature(tx, code, values));
      return toFeature((await repo.findFeature(db, code))!);
    },

    // ---- A tenant's switches (/api/app-features) ---------------------------------------------

    list(ctx: AuthedContext): Promise<TenantAppFeature[]> {
      return tenantView(tenantIdOf(ctx));
    },

    /** The tenant's switch: on, off, or null to follow the platform default again. */
    async setTenantSwitch(
      ctx: AuthedContext,
      code: AppFeatureCode,
      enabled: boolean | null,
    ): Promise<TenantAppFeature> {
      const tenantId = tenantIdOf(ctx);
      refuseLocked(await requireFeature(code));
      await writeSwitch(ctx, tenantId, code, null, enabled);
      return viewOf(tenantId, code);
    },

    /** An outlet's switch of a per-outlet feature: on, off, or null to follow the tenant again. */
    async setOutletSwitch(
      ctx: AuthedContext,
      code: AppFeatureCode,
      outletId: string,
      enabled: boolean | null,
    ): Promise<TenantAppFeature> {
      const tenantId = tenantIdOf(ctx);
      const feature = await requireFeature(code);
      if (!(await repo.findOutlet(db, tenantId, outletId))) throw new AppError('not_found');
      refuseLocked(feature);
      if (!feature.perOutlet) {
        throw new AppError('app_feature_not_per_outlet', {
          message: `${feature.nameEn} is set for the whole business, not per outlet`,
        });
      }
      await writeSwitch(ctx, tenantId, code, outletId, enabled);
      return viewOf(tenantId, code);
    },

    // ---- What the app and the back office go by ----------------------------------------------

    effectiveFeatures,

    /**
     * Refuses an app call that needs a switched-off feature (`app_feature_off`), at the outlet
     * when the call is for one.
     */
    async require(
      tenantId: string,
      outletId: string | null,
      codes: readonly AppFeatureCode[],
    ): Promise<void> {
      if (codes.length === 0) return;
      const rows = await repo.featureLayers(db, tenantId, outletId);
      for (const code of codes) {
        const row = rows.find((r) => r.code === code);
        if (!row) continue;
        const { enabled, source } = resolve(row);
        if (enabled) continue;
        const where = source === 'outlet' ? ' at this outlet' : '';
        throw new AppError('app_feature_off', {
          message: `${row.nameEn} is not available in the app${where} right now`,
        });
      }
    },

    /**
     * The features as GET /api/app/settings lists them (SPEC §3: the last entry of a code
     * wins): the platform default, then the tenant's switch if it set one, then the switch of
     * the signed-in user's outlet if it set one. A locked feature has its default only.
     */
    async settingEntries(tenantId: string, outletId: string | null): Promise<AppSettingEntry[]> {
      const rows = await repo.featureLayers(db, tenantId, outletId);
      return rows.flatMap((r) => {
        const entry = { code: r.code, name: r.nameEn, name_my: r.nameMy, feature: true };
        const entries: AppSettingEntry[] = [
          { ...entry, enabled: r.defaultEnabled, source: 'platform' },
        ];
        if (r.locked) return entries;
        if (r.tenantSwitch !== null) {
          entries.push({ ...entry, enabled: r.tenantSwitch, source: 'tenant' });
        }
        if (r.perOutlet && r.outletSwitch !== null) {
          entries.push({
            ...entry,
            enabled: r.outletSwitch,
            source: 'outlet',
            outlet_id: outletId,
          });
        }
        return entries;
      });
    },
  };
}

export type AppFeatureService = ReturnType<typeof createAppFeatureService>;
