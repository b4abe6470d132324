import {
  type ContentTextDefault,
  type ContentTextDefaultCreate,
  type ContentTextDefaultInput,
  type ContentTextDefaultListQuery,
  type ContentTextFormat,
  type ContentTextHistoryEntry,
  type ListMeta,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { uniqueFieldTaken } from '../../lib/db-errors';
import { found } from '../../lib/errors';
import { listMeta, offsetOf, pageAnswer, parseSort } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { changedFields, type TextFields, toHistoryEntry } from './content-text-history';
import * as repo from './content-texts.repo';

// The platform's texts (decision 042), kept by the superadmin on /ge/content-text: which texts
// the customer app has, what each is for, its format, and the wording every tenant starts from.
// A tenant that has not overridden a language sees a change here at once. Texts are not deleted:
// the app's code asks for them by key. Changes are audited as platform entries (no tenant).

const toDefault = (d: repo.DefaultRow, overrides: number): ContentTextDefault => ({
  key: d.key,
  description: d.description,
  description_my: d.descriptionMy,
  format: d.format as ContentTextFormat,
  text_en: d.textEn,
  text_my: d.textMy,
  override_count: overrides,
  updated_at: d.updatedAt.toISOString(),
});

const fieldsOf = (d: {
  description: string;
  description_my: string;
  format: string;
  text_en: string;
  text_my: string;
}): TextFields => ({
  description: d.description,
  description_my: d.description_my,
  format: d.format,
  text_en: d.text_en,
  text_my: d.text_my,
});

const valuesOf = (input: Required<ContentTextDefaultInput>): repo.DefaultValues => ({
  description: input.description,
  descriptionMy: input.description_my,
  format: input.format,
  textEn: input.text_en,
  textMy: input.text_my,
});

const keyTaken = uniqueFieldTaken('content_text_defaults_pkey', 'content_text_key_taken', 'key');

/** The audit entry of a platform text: a platform entry, even from a superadmin inside a tenant. */
const entry = (key: string, verb: 'create' | 'update') => ({
  action: `${repo.PLATFORM_ENTITY}.${verb}`,
  entity: repo.PLATFORM_ENTITY,
  entityId: key,
  tenantId: null,
});

export function createContentTextDefaultService({ db }: { db: Db }) {
  async function require(key: string): Promise<ContentTextDefault> {
    const row = found(await repo.findDefault(db, key));
    return toDefault(row, (await repo.overrideCounts(db)).get(key) ?? 0);
  }

  return {
    async list(
      _ctx: AuthedContext,
      q: ContentTextDefaultListQuery,
    ): Promise<{ data: ContentTextDefault[]; meta: ListMeta }> {
      const sort = parseSort(q.sort, ['key'] as const, 'key');
      const counts = await repo.overrideCounts(db);
      const needle = q.q?.toLowerCase();
      const rows = (await repo.allDefaults(db))
        .map((d) => toDefault(d, counts.get(d.key) ?? 0))
        .filter(
          (d) =>
            (!q.format || d.format === q.format) &&
            (!needle ||
              [d.key, d.description, d.description_my, d.text_en, d.text_my].some((v) =>
                v.toLowerCase().includes(needle),
              )),
        );
      if (sort.desc) rows.reverse();
      const start = offsetOf(q);
      return { data: rows.slice(start, start + q.page_size), meta: listMeta(q, rows.length) };
    },

    async get(_ctx: AuthedContext, key: string): Promise<ContentTextDefault> {
      return require(key);
    },

    /** A new text the app can ask for; a key already used is a 400 content_text_key_taken. */
    async create(ctx: AuthedContext, input: ContentTextDefaultCreate): Promise<ContentTextDefault> {
      const { key, ...given } = input;
      const rest = { ...given, description_my: given.description_my ?? '' };
      await audited(db, ctx, { ...entry(key, 'create'), after: fieldsOf(rest) }, (tx) =>
        repo.insertDefault(tx, { key, ...valuesOf(rest) }),
      ).catch(keyTaken);
      return require(key);
    },

    /** New wording, description or format; saving it unchanged writes no entry. */
    async update(
      ctx: AuthedContext,
      key: string,
      input: ContentTextDefaultInput,
    ): Promise<ContentTextDefault> {
      const current = await require(key);
      // A client that does not send the Malay description keeps it.
      const next = { ...input, description_my: input.description_my ?? current.description_my };
      const { changed, ...sides } = changedFields(fieldsOf(current), fieldsOf(next));
      if (changed.length === 0) return current;
      await audited(db, ctx, { ...entry(key, 'update'), ...sides }, (tx) =>
        repo.updateDefault(tx, key, valuesOf(next)),
      );
      return require(key);
    },

    /** Who changed the platform's text `key`, when, and from what to what; newest first. */
    async history(
      _ctx: AuthedContext,
      key: string,
      q: { page: number; page_size: number },
    ): Promise<{ data: ContentTextHistoryEntry[]; meta: ListMeta }> {
      await require(key);
      const page = await repo.defaultHistory(db, key, q.page_size, offsetOf(q));
      return pageAnswer(q, page, toHistoryEntry);
    },
  };
}

export type ContentTextDefaultService = ReturnType<typeof createContentTextDefaultService>;
