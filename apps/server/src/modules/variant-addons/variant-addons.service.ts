import type { Addon, AddonInput, ListQuery, VariantGroup, VariantGroupInput } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited, createdEntry, updatedEntry } from '../../lib/audit';
import { inUseOnForeignKey } from '../../lib/db-errors';
import { AppError, found, validationError } from '../../lib/errors';
import { malayName } from '../../lib/malay-name';
import { listMeta, offsetOf } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { addonView, variantGroupView } from './variant-addon-view';
import * as repo from './variant-addons.repo';

export { addonView, variantGroupView } from './variant-addon-view';

// The variant and add-on library. Products link to groups and add-ons, so editing
// one changes every product using it. Deleting one in use is refused (409, naming how many
// products use it) rather than silently detached: a menu change that large should be deliberate.

type Users = { ownerId: string; id: string; name: string }[];
const usersOf = (users: Users, ownerId: string) =>
  users.filter((u) => u.ownerId === ownerId).map(({ id, name }) => ({ id, name }));

type Entity = 'variant_group' | 'addon';
const kindOf: Record<Entity, { label: string; inUse: 'variant_group_in_use' | 'addon_in_use' }> = {
  variant_group: { label: 'variant group', inUse: 'variant_group_in_use' },
  addon: { label: 'add-on', inUse: 'addon_in_use' },
};

const inUseMessage = (kind: string, count: number) =>
  `This ${kind} is used by ${count} product${count === 1 ? '' : 's'}. Remove it from ${count === 1 ? 'that product' : 'them'} first.`;

// The audit trail keeps a group or add-on without the products using it.
const updated = (entity: Entity, id: string, before: object, input: unknown) =>
  updatedEntry(entity, id, { ...before, used_by: undefined }, input);

const addonValues = (input: AddonInput) => ({
  name: input.addons_name,
  nameMy: malayName(input.addons_name_my),
  price: input.price,
  status: input.status,
});

export function createVariantAddonService({ db }: { db: Db }) {
  async function groupsWithDetails(tenantId: string, rows: repo.GroupRow[]) {
    const ids = rows.map((r) => r.id);
    const [options, users] = await Promise.all([
      repo.optionsOf(db, tenantId, ids),
      repo.groupUsers(db, tenantId, ids),
    ]);
    return rows.map((g): VariantGroup => ({
      ...variantGroupView(
        g,
        options.filter((o) => o.groupId === g.id),
      ),
      used_by: usersOf(users, g.id),
    }));
  }

  async function requireGroup(tenantId: string, id: string): Promise<VariantGroup> {
    const row = found(await repo.findGroup(db, tenantId, id));
    return (await groupsWithDetails(tenantId, [row]))[0]!;
  }

  async function addonsWithUsers(tenantId: string, rows: repo.AddonRow[]) {
    const users = await repo.addonUsers(
      db,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((a): Addon => ({ ...addonView(a), used_by: usersOf(users, a.id) }));
  }

  async function requireAddon(tenantId: string, id: string): Promise<Addon> {
    const row = found(await repo.findAddon(db, tenantId, id));
    return (await addonsWithUsers(tenantId, [row]))[0]!;
  }

  /** A page of the library's groups or add-ons (as `read` finds them), each with `details`. */
  async function libraryPage<Row, Item>(
    ctx: AuthedContext,
    q: ListQuery,
    read: (
      db: Db,
      tenantId: string,
      q: string | undefined,
      limit: number,
      offset: number,
    ) => Promise<{ rows: Row[]; total: number }>,
    details: (tenantId: string, rows: Row[]) => Promise<Item[]>,
  ) {
    const tenantId = tenantIdOf(ctx);
    const { rows, total } = await read(db, tenantId, q.q, q.page_size, offsetOf(q));
    return { data: await details(tenantId, rows), meta: listMeta(q, total) };
  }

  /** Deletes a group or add-on no product uses; one in use is a 409 naming how many use it. */
  async function removeUnused(
    ctx: AuthedContext,
    entity: Entity,
    before: { id: string; used_by: unknown[] },
    remove: (tx: Db) => Promise<void>,
  ): Promise<{ id: string; deleted: true }> {
    const { label, inUse: code } = kindOf[entity];
    const inUse = () => new AppError(code, { message: inUseMessage(label, before.used_by.length) });
    if (before.used_by.length > 0) throw inUse();
    const entry = {
      action: `${entity}.delete`,
      entity,
      entityId: before.id,
      before: { ...before, used_by: undefined },
    };
    // Linked to a product between the check and the delete: the restricting key refuses it.
    await audited(db, ctx, entry, remove).catch(inUseOnForeignKey(inUse));
    return { id: before.id, deleted: true };
  }

  const groupValues = (input: VariantGroupInput) => ({
    name: input.variant_name,
    nameMy: malayName(input.variant_name_my),
    required: input.required,
    minSelect: input.min_select,
    maxSelect: input.max_select,
  });
  const optionValues = (input: VariantGroupInput) =>
    input.options.map((o) => ({
      id: o.id,
      name: o.options_name,
      nameMy: malayName(o.options_name_my),
      price: o.price,
      isDefault: o.is_default,
    }));

  return {
    listGroups(ctx: AuthedContext, q: ListQuery) {
      return libraryPage(ctx, q, repo.listGroups, groupsWithDetails);
    },

    async getGroup(ctx: AuthedContext, id: string) {
      return requireGroup(tenantIdOf(ctx), id);
    },

    async createGroup(ctx: AuthedContext, input: VariantGroupInput): Promise<VariantGroup> {
      const tenantId = tenantIdOf(ctx);
      if (input.options.some((o) => o.id)) {
        throw validationError(
          input.options.flatMap((o, i) =>
            o.id ? [{ path: `options.${i}.id`, message: 'validation.invalid' }] : [],
          ),
        );
      }
      const id = await audited(db, ctx, createdEntry('variant_group', input), async (tx) => {
        const newId = await repo.insertGroup(tx, tenantId, groupValues(input));
        await repo.replaceOptions(tx, tenantId, newId, optionValues(input));
        return newId;
      });
      return requireGroup(tenantId, id);
    },

    async updateGroup(
      ctx: AuthedContext,
      id: string,
      input: VariantGroupInput,
    ): Promise<VariantGroup> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireGroup(tenantId, id);
      const own = new Set(before.options.map((o) => o.id));
      const bad = input.options.flatMap((o, i) =>
        o.id && !own.has(o.id) ? [{ path: `options.${i}.id`, message: 'validation.invalid' }] : [],
      );
      const ids = input.options.flatMap((o) => (o.id ? [o.id] : []));
      if (new Set(ids).size !== ids.length) {
        bad.push({ path: 'options', message: 'validation.not_unique' });
      }
      if (bad.length > 0) throw validationError(bad);
      await audited(db, ctx, updated('variant_group', id, before, input), async (tx) => {
        await repo.updateGroup(tx, tenantId, id, groupValues(input));
        await repo.replaceOptions(tx, tenantId, id, optionValues(input));
      });
      return requireGroup(tenantId, id);
    },

    async removeGroup(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireGroup(tenantId, id);
      return removeUnused(ctx, 'variant_group', before, (tx) => repo.deleteGroup(tx, tenantId, id));
    },

    listAddons(ctx: AuthedContext, q: ListQuery) {
      return libraryPage(ctx, q, repo.listAddons, addonsWithUsers);
    },

    async getAddon(ctx: AuthedContext, id: string) {
      return requireAddon(tenantIdOf(ctx), id);
    },

    async createAddon(ctx: AuthedContext, input: AddonInput): Promise<Addon> {
      const tenantId = tenantIdOf(ctx);
      const id = await audited(db, ctx, createdEntry('addon', input), (tx) =>
        repo.insertAddon(tx, tenantId, addonValues(input)),
      );
      return requireAddon(tenantId, id);
    },

    async updateAddon(ctx: AuthedContext, id: string, input: AddonInput): Promise<Addon> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireAddon(tenantId, id);
      await audited(db, ctx, updated('addon', id, before, input), (tx) =>
        repo.updateAddon(tx, tenantId, id, addonValues(input)),
      );
      return requireAddon(tenantId, id);
    },

    async removeAddon(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireAddon(tenantId, id);
      return removeUnused(ctx, 'addon', before, (tx) => repo.deleteAddon(tx, tenantId, id));
    },
  };
}

export type VariantAddonService = ReturnType<typeof createVariantAddonService>;
