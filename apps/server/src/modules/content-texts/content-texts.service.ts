import {
  type AppText,
  type ContentText,
  type ContentTextFormat,
  type ContentTextHistoryEntry,
  type ContentTextListQuery,
  type ContentTextOverrideInput,
  contentTextLengthIssues,
  type ListMeta,
  type Locale,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { found, validationError } from '../../lib/errors';
import { listMeta, offsetOf, pageAnswer, parseSort } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { changedFields, type TextFields, toHistoryEntry } from './content-text-history';
import * as repo from './content-texts.repo';

// A tenant's texts for its customer app (decision 042): the platform's texts, each with the
// tenant's own wording where it has one, language by language. Setting the wording and resetting
// it to the platform's are audited with the wording before and after (only the languages that
// changed), so the page can say what changed and who changed it. The customer app reads the
// effective wording through `effectiveTexts`.

type Override = repo.OverrideRow | null | undefined;

export function toContentText(d: repo.DefaultRow, o: Override): ContentText {
  return {
    key: d.key,
    description: d.description,
    description_my: d.descriptionMy,
    format: d.format as ContentTextFormat,
    text_en: o?.textEn ?? d.textEn,
    text_my: o?.textMy ?? d.textMy,
    default_en: d.textEn,
    default_my: d.textMy,
    override_en: o?.textEn ?? null,
    override_my: o?.textMy ?? null,
    overridden: Boolean(o),
    updated_at: o ? o.updatedAt.toISOString() : null,
    updated_by: o?.updatedBy ?? null,
  };
}

/** The effective wording of both languages, as the audit entries record it. */
const wordingOf = (text: ContentText): TextFields => ({
  text_en: text.text_en,
  text_my: text.text_my,
});

/**
 * The tenant's own wording to keep: a language left empty, or worded as the platform words it,
 * follows the platform (so a later change of the platform's wording reaches it).
 */
function ownWording(d: repo.DefaultRow, input: ContentTextOverrideInput) {
  const own = (value: string | null, platform: string) =>
    value === null || value === '' || value === platform ? null : value;
  return { textEn: own(input.text_en, d.textEn), textMy: own(input.text_my, d.textMy) };
}

const matches = (text: ContentText, needle: string) =>
  [text.key, text.description, text.description_my, text.text_en, text.text_my].some((v) =>
    v.toLowerCase().includes(needle),
  );

export function createContentTextService({ db }: { db: Db }) {
  /** Every text of the tenant, in key order. */
  async function textsOf(tenantId: string): Promise<ContentText[]> {
    const defaults = await repo.allDefaults(db);
    const own = new Map((await repo.overridesOf(db, tenantId)).map((o) => [o.key, o]));
    return defaults.map((d) => toContentText(d, own.get(d.key)));
  }

  /** The platform's text `key` (404 when there is none) and the tenant's wording of it. */
  async function textOf(tenantId: string, key: string) {
    const platform = found(await repo.findDefault(db, key));
    const own = await repo.overrideOf(db, tenantId, key);
    return { platform, own, text: toContentText(platform, own) };
  }

  const entry = (tenantId: string, key: string, verb: 'override' | 'reset') => ({
    action: `${repo.TENANT_ENTITY}.${verb}`,
    entity: repo.TENANT_ENTITY,
    entityId: key,
    tenantId,
  });

  /** Back to the platform's wording: the tenant's own is deleted. Answers the text as it is now. */
  async function reset(ctx: AuthedContext, key: string): Promise<ContentText> {
    const tenantId = tenantIdOf(ctx);
    const { platform, own, text } = await textOf(tenantId, key);
    if (!own) return text;
    const { changed: _changed, ...sides } = changedFields(
      wordingOf(text),
      wordingOf(toContentText(platform, null)),
    );
    await audited(db, ctx, { ...entry(tenantId, key, 'reset'), ...sides }, (tx) =>
      repo.deleteOverride(tx, tenantId, key),
    );
    return (await textOf(tenantId, key)).text;
  }

  return {
    async list(
      ctx: AuthedContext,
      q: ContentTextListQuery,
    ): Promise<{ data: ContentText[]; meta: ListMeta }> {
      const sort = parseSort(q.sort, ['key'] as const, 'key');
      const needle = q.q?.toLowerCase();
      const rows = (await textsOf(tenantIdOf(ctx))).filter(
        (text) =>
          (!q.state || (q.state === 'overridden') === text.overridden) &&
          (!needle || matches(text, needle)),
      );
      if (sort.desc) rows.reverse();
      const start = offsetOf(q);
      return { data: rows.slice(start, start + q.page_size), meta: listMeta(q, rows.length) };
    },

    async get(ctx: AuthedContext, key: string): Promise<ContentText> {
      return (await textOf(tenantIdOf(ctx), key)).text;
    },

    /**
     * Sets the tenant's wording; languages worded as the platform's follow it. Saving what is
     * already there changes nothing and writes no entry.
     */
    async override(
      ctx: AuthedContext,
      key: string,
      input: ContentTextOverrideInput,
    ): Promise<ContentText> {
      const tenantId = tenantIdOf(ctx);
      const { platform, own, text } = await textOf(tenantId, key);
      const issues = contentTextLengthIssues(text.format, input);
      if (issues.length > 0) throw validationError(issues);
      const next = ownWording(platform, input);
      if (next.textEn === null && next.textMy === null) return reset(ctx, key);
      const after = toContentText(platform, {
        ...next,
        key,
        updatedBy: null,
        updatedAt: new Date(),
      });
      const { changed, ...sides } = changedFields(wordingOf(text), wordingOf(after));
      if (changed.length === 0 && own) return text;
      await audited(db, ctx, { ...entry(tenantId, key, 'override'), ...sides }, (tx) =>
        repo.saveOverride(tx, tenantId, key, { ...next, updatedBy: ctx.principal.username }),
      );
      return (await textOf(tenantId, key)).text;
    },

    reset,

    /** Who changed the tenant's wording of `key`, when, and from what to what; newest first. */
    async history(
      ctx: AuthedContext,
      key: string,
      q: { page: number; page_size: number },
    ): Promise<{ data: ContentTextHistoryEntry[]; meta: ListMeta }> {
      const tenantId = tenantIdOf(ctx);
      found(await repo.findDefault(db, key));
      const page = await repo.tenantHistory(db, tenantId, key, q.page_size, offsetOf(q));
      return pageAnswer(q, page, toHistoryEntry);
    },

    /**
     * The texts of a tenant's customer app in one language, in key order: the tenant's wording,
     * else the platform's; Malay left empty by both falls back to the English wording.
     */
    async effectiveTexts(tenantId: string, lang: Locale): Promise<AppText[]> {
      return (await textsOf(tenantId)).map((t) => ({
        key: t.key,
        format: t.format,
        text: lang === 'my' && t.text_my !== '' ? t.text_my : t.text_en,
      }));
    },
  };
}

export type ContentTextService = ReturnType<typeof createContentTextService>;
