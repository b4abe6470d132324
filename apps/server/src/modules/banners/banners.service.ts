import {
  type AppBanner,
  type AppLanguage,
  type Banner,
  type BannerInput,
  type BannerListQuery,
  type BannerState,
  type BannerTargetType,
  bannerRecordTargets,
  localizedName,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited, createdEntry, deletedEntry, updatedEntry } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { found, validationError, type ErrorDetail } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { writeReorder } from '../../lib/sort-order';
import { tenantIdOf } from '../../lib/caller-tenant';
import { removeBannerImage, storeBannerImage } from './banner-images';
import * as repo from './banners.repo';

// The customer app's home-screen banners: staff manage them (/api/banners); the app gets the ones
// showing now through `activeBanners` (the app-config endpoint calls it). A banner's target and
// outlets are checked to be the tenant's; its picture is re-encoded on upload (banner-images.ts).

type OutletRef = Banner['outlets'][number];

/** Where a banner stands at `now`; the repository's `inState` filters by the same rule. */
export function stateOf(
  b: { status: string; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): BannerState {
  if (b.status !== 'active') return 'inactive';
  if (b.endsAt && b.endsAt <= now) return 'ended';
  if (b.startsAt && b.startsAt > now) return 'scheduled';
  return 'live';
}

const toBanner = (r: repo.BannerRow, outlets: OutletRef[], now: Date): Banner => ({
  id: r.id,
  title_en: r.titleEn,
  title_my: r.titleMy,
  image: r.image,
  target_type: r.targetType as BannerTargetType,
  target_id: r.targetId,
  target_url: r.targetUrl,
  target_label: r.targetLabel,
  target_label_my: r.targetLabelMy,
  starts_at: r.startsAt?.toISOString() ?? null,
  ends_at: r.endsAt?.toISOString() ?? null,
  all_outlets: r.allOutlets,
  outlets: r.allOutlets ? [] : outlets,
  sort_order: r.sortOrder,
  status: r.status as Banner['status'],
  state: stateOf(r, now),
  updated_at: r.updatedAt.toISOString(),
});

/** The stored values of a checked input: empty texts are none, unused target fields null. */
function valuesOf(input: BannerInput): repo.BannerValues {
  const type = input.target_type;
  return {
    titleEn: input.title_en,
    titleMy: input.title_my?.trim() ? input.title_my.trim() : null,
    targetType: type,
    targetId: bannerRecordTargets.includes(type) ? (input.target_id ?? null) : null,
    targetUrl: type === 'url' ? (input.target_url ?? null) : null,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    allOutlets: input.all_outlets,
    status: input.status,
  };
}

export function createBannerService({ db, dataDir, now }: { db: Db; dataDir: string; now: Clock }) {
  const require = async (tenantId: string, id: string) =>
    found(await repo.findById(db, tenantId, id));

  /** The banners as the API shows them, with the outlets each lists. */
  async function answer(tenantId: string, rows: repo.BannerRow[]): Promise<Banner[]> {
    const listed = await repo.outletsOf(
      db,
      tenantId,
      rows.filter((r) => !r.allOutlets).map((r) => r.id),
    );
    const at = now();
    return rows.map((r) =>
      toBanner(
        r,
        listed.filter((o) => o.bannerId === r.id).map(({ id, code, name }) => ({ id, code, name })),
        at,
      ),
    );
  }
  const one = async (tenantId: string, id: string) =>
    (await answer(tenantId, [await require(tenantId, id)]))[0]!;

  /** The target and the outlets must be the tenant's: another tenant's id is refused as unknown. */
  async function checkReferences(tenantId: string, input: BannerInput) {
    const problems: ErrorDetail[] = [];
    const type = input.target_type;
    if (type === 'product' || type === 'category' || type === 'outlet' || type === 'voucher') {
      if (!(await repo.targetExists(db, tenantId, type, input.target_id!))) {
        problems.push({ path: 'target_id', message: 'validation.invalid' });
      }
    }
    if (!input.all_outlets) {
      const owned = new Set(await repo.ownedOutletIds(db, tenantId, input.outlet_ids));
      input.outlet_ids.forEach((id, i) => {
        if (!owned.has(id))
          problems.push({ path: `outlet_ids.${i}`, message: 'validation.invalid' });
      });
    }
    if (problems.length > 0) throw validationError(problems);
  }

  const outletsToList = (input: BannerInput) => (input.all_outlets ? [] : input.outlet_ids);

  /**
   * The banners the customer app shows now: active, within their schedule, with a picture, for
   * every outlet or including `outletId` (with no outlet chosen yet, the all-outlet ones), in
   * their order, titled in `lang` (Malay falls back to English). A target the app cannot open
   * (deleted or switched off since) becomes none.
   */
  async function activeBanners(
    tenantId: string,
    outletId: string | null,
    lang: AppLanguage,
    at: Date,
  ): Promise<AppBanner[]> {
    const rows = await repo.liveForApp(db, tenantId, outletId, at);
    return rows.map((r) => {
      const type = r.targetType as BannerTargetType;
      const opens = type === 'none' || type === 'url' || r.targetLabel !== null;
      return {
        id: r.id,
        title: localizedName(lang, r.titleEn, r.titleMy),
        image: r.image!,
        target: opens
          ? { type, id: r.targetId, url: r.targetUrl }
          : { type: 'none', id: null, url: null },
      };
    });
  }

  return {
    async list(ctx: AuthedContext, q: BannerListQuery) {
      const tenantId = tenantIdOf(ctx);
      const filter = { q: q.q, state: q.state, outletId: q.outlet_id, now: now() };
      const page = await repo.list(db, tenantId, filter, q.page_size, offsetOf(q));
      const data = await answer(tenantId, page.rows);
      return pageAnswer(q, { rows: data, total: page.total }, (b) => b);
    },

    async get(ctx: AuthedContext, id: string): Promise<Banner> {
      return one(tenantIdOf(ctx), id);
    },

    async create(ctx: AuthedContext, input: BannerInput): Promise<Banner> {
      const tenantId = tenantIdOf(ctx);
      await checkReferences(tenantId, input);
      const values = valuesOf(input);
      const id = await audited(db, ctx, createdEntry('banner', input), async (tx) => {
        const created = await repo.insert(tx, { ...values, tenantId });
        await repo.setOutlets(tx, tenantId, created, outletsToList(input));
        return created;
      });
      return one(tenantId, id);
    },

    async update(ctx: AuthedContext, id: string, input: BannerInput): Promise<Banner> {
      const tenantId = tenantIdOf(ctx);
      const before = await one(tenantId, id);
      await checkReferences(tenantId, input);
      const entry = updatedEntry('banner', id, before, input);
      await audited(db, ctx, entry, async (tx) => {
        await repo.update(tx, tenantId, id, valuesOf(input));
        await repo.setOutlets(tx, tenantId, id, outletsToList(input));
      });
      return one(tenantId, id);
    },

    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await one(tenantId, id);
      await audited(db, ctx, deletedEntry('banner', id, before), (tx) =>
        repo.remove(tx, tenantId, id),
      );
      await removeBannerImage(dataDir, before.image);
      return { id, deleted: true };
    },

    /** The new order of the tenant's banners; ids not listed keep their order after them. */
    async reorder(ctx: AuthedContext, ids: string[]): Promise<Banner[]> {
      const tenantId = tenantIdOf(ctx);
      const existing = await repo.idsOfTenant(db, tenantId);
      await writeReorder(db, ctx, 'banner', existing, ids, (tx, order) =>
        repo.setOrder(tx, tenantId, order),
      );
      const { rows } = await repo.list(db, tenantId, { now: now() }, 500, 0);
      return answer(tenantId, rows);
    },

    /** Replaces the banner's picture; the old files go once the new ones are recorded. */
    async setImage(ctx: AuthedContext, id: string, file: Buffer): Promise<Banner> {
      const tenantId = tenantIdOf(ctx);
      const before = await require(tenantId, id);
      const image = await storeBannerImage(dataDir, file);
      try {
        const entry = {
          action: 'banner.image',
          entity: 'banner',
          entityId: id,
          before: { image: before.image },
          after: { image },
        };
        await audited(db, ctx, entry, (tx) => repo.update(tx, tenantId, id, { image }));
      } catch (error) {
        await removeBannerImage(dataDir, image);
        throw error;
      }
      await removeBannerImage(dataDir, before.image);
      return one(tenantId, id);
    },

    activeBanners,

    /** What the app shows at an outlet of the caller's tenant, at a moment (default now). */
    async preview(
      ctx: AuthedContext,
      q: { outlet_id?: string | undefined; lang: AppLanguage; at?: string | undefined },
    ): Promise<AppBanner[]> {
      const tenantId = tenantIdOf(ctx);
      if (q.outlet_id && (await repo.ownedOutletIds(db, tenantId, [q.outlet_id])).length === 0) {
        throw validationError([{ path: 'outlet_id', message: 'validation.invalid' }]);
      }
      return activeBanners(tenantId, q.outlet_id ?? null, q.lang, q.at ? new Date(q.at) : now());
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
