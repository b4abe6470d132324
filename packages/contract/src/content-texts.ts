import { z } from 'zod';
import { listQuerySchema } from './common';
import { messageKey, text } from './validation';

// The customer app's texts (terms, privacy, onboarding, notices; decision 042). The platform
// defines each text once, by key, with its English and Malay wording and its format
// (/ge/content-text, /api/general-settings/content-texts, subject general-setting); a tenant overrides the
// wording for its own app (/user-app/content-text, /api/content-texts, subject content-text) and
// can reset it to the platform's. The app reads the effective wording in its language.

export const contentTextFormats = ['plain', 'markdown'] as const;
export const contentTextFormatSchema = z.enum(contentTextFormats);
export type ContentTextFormat = z.infer<typeof contentTextFormatSchema>;

/**
 * The longest wording of each format: a Markdown page (terms, privacy) runs to a few thousand
 * words; a plain text is a title, a line on a screen or a banner.
 */
export const contentTextLimits: Record<ContentTextFormat, number> = {
  plain: 2_000,
  markdown: 20_000,
};
const MAX_TEXT = contentTextLimits.markdown;

/** A text's key: what the app's code asks for (`terms`, `onboarding_1_title`). */
export const contentTextKeyPattern = /^[a-z][a-z0-9_]{1,62}$/;
export const contentTextKeySchema = text()
  .trim()
  .regex(contentTextKeyPattern, { error: messageKey('pattern', { pattern: 'a-z 0-9 _' }) });

/** `{key}` of a text's routes: an unknown key is a 404, so any short text is accepted here. */
export const contentTextKeyParamSchema = z.object({ key: text().max(64) });

/** One wording, trimmed; as long as a Markdown text may be (the format's own limit is checked too). */
const wording = text()
  .trim()
  .max(MAX_TEXT, { error: messageKey('max_length', { max: MAX_TEXT }) });

export interface ContentTextWording {
  text_en?: string | null;
  text_my?: string | null;
}

/** The per-field problems of wording too long for its format, as `{ path, message }` details. */
export function contentTextLengthIssues(
  format: ContentTextFormat,
  values: ContentTextWording,
): { path: 'text_en' | 'text_my'; message: string }[] {
  const max = contentTextLimits[format];
  return (['text_en', 'text_my'] as const)
    .filter((field) => (values[field]?.length ?? 0) > max)
    .map((path) => ({ path, message: messageKey('max_length', { max }) }));
}

// ---- The tenant's texts (/api/content-texts) ---------------------------------------------------

/**
 * PUT /api/content-texts/{key}: the tenant's wording. A language sent as null, empty or equal to
 * the platform's wording follows the platform's; when neither language differs, the text has no
 * override any more.
 */
export const contentTextOverrideInputSchema = z.object({
  text_en: wording.nullable(),
  text_my: wording.nullable(),
});
export type ContentTextOverrideInput = z.infer<typeof contentTextOverrideInputSchema>;

/** Texts the tenant has changed, or left as the platform's. */
export const contentTextStates = ['overridden', 'default'] as const;

export const contentTextListQuerySchema = listQuerySchema.extend({
  state: z.enum(contentTextStates).optional(),
});
export type ContentTextListQuery = z.infer<typeof contentTextListQuerySchema>;

/** A text's key, what it is for in both languages, its format and its wording in both. */
const contentTextReadShape = {
  key: text(),
  description: text(),
  /** The description in Malay; empty: Malay screens show the English one. */
  description_my: text(),
  format: contentTextFormatSchema,
  text_en: text(),
  /** Empty without Malay wording: the app shows English. */
  text_my: text(),
};

/**
 * A text as the tenant's app shows it (its wording: the tenant's, else the platform's), beside
 * the platform's wording it started from.
 */
export const contentTextSchema = z.object({
  ...contentTextReadShape,
  default_en: text(),
  default_my: text(),
  /** The tenant's own wording of each language, null where it follows the platform. */
  override_en: text().nullable(),
  override_my: text().nullable(),
  overridden: z.boolean(),
  /** When and by whom the override was last saved (null without one). */
  updated_at: text().nullable(),
  updated_by: text().nullable(),
});
export type ContentText = z.infer<typeof contentTextSchema>;

// ---- The platform's texts (/api/general-settings/content-texts) ----------------------------------------

const describe = () =>
  text()
    .trim()
    .max(500, { error: messageKey('max_length', { max: 500 }) });

const defaultShape = {
  description: describe(),
  /** Left out: a new text has none, a changed one keeps its own. */
  description_my: describe().optional(),
  format: contentTextFormatSchema,
  text_en: wording.min(1, { error: messageKey('required') }),
  /** May be empty: the app then shows the English wording. */
  text_my: wording,
};

const withinFormatLimits = (
  value: ContentTextWording & { format: ContentTextFormat },
  ctx: z.RefinementCtx,
) => {
  for (const issue of contentTextLengthIssues(value.format, value)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
};

/** PUT /api/general-settings/content-texts/{key}: the default wording every tenant starts from. */
export const contentTextDefaultInputSchema = z.object(defaultShape).superRefine(withinFormatLimits);
export type ContentTextDefaultInput = z.infer<typeof contentTextDefaultInputSchema>;

/** POST /api/general-settings/content-texts: a new text, named by its key (fixed once created). */
export const contentTextDefaultCreateSchema = z
  .object({ key: contentTextKeySchema, ...defaultShape })
  .superRefine(withinFormatLimits);
export type ContentTextDefaultCreate = z.infer<typeof contentTextDefaultCreateSchema>;

export const contentTextDefaultListQuerySchema = listQuerySchema.extend({
  format: contentTextFormatSchema.optional(),
});
export type ContentTextDefaultListQuery = z.infer<typeof contentTextDefaultListQuerySchema>;

export const contentTextDefaultSchema = z.object({
  ...contentTextReadShape,
  /** How many tenants have their own wording of this text. */
  override_count: z.number().int(),
  updated_at: text(),
});
export type ContentTextDefault = z.infer<typeof contentTextDefaultSchema>;

// ---- What changed and who changed it -----------------------------------------------------------

export const contentTextFields = [
  'text_en',
  'text_my',
  'description',
  'description_my',
  'format',
] as const;
export type ContentTextField = (typeof contentTextFields)[number];

/**
 * One change of a text, from its audit entry: `override` and `reset` (a tenant's wording),
 * `create` and `update` (the platform's). Each change names a field with its value before and
 * after (null: none before, as on creation).
 */
export const contentTextHistoryEntrySchema = z.object({
  id: text(),
  action: z.enum(['override', 'reset', 'create', 'update']),
  actor: text().nullable(),
  at: text(),
  changes: z.array(
    z.object({
      field: z.enum(contentTextFields),
      before: text().nullable(),
      after: text().nullable(),
    }),
  ),
});
export type ContentTextHistoryEntry = z.infer<typeof contentTextHistoryEntrySchema>;

export const contentTextHistoryQuerySchema = listQuerySchema.pick({ page: true, page_size: true });

// ---- The app's view --------------------------------------------------------------------------

/** A text in one language as the customer app gets it (Malay falls back to English). */
export const appTextSchema = z.object({
  key: text(),
  format: contentTextFormatSchema,
  text: text(),
});
export type AppText = z.infer<typeof appTextSchema>;
