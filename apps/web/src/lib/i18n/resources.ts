import type { ErrorCode } from '@kopi/contract';
import {
  validationMessages,
  type Locale,
  type MessageName,
  type ValidationKey,
} from '@kopi/contract/values';
import { en } from './en';
import type { enShell } from './en-shell';
import type { UiMessages } from './ui-messages';

// The contract writes parameters as {min}; i18next interpolates {{min}}.
export const toI18nTemplate = (template: string) => template.replace(/\{(\w+)\}/g, '{{$1}}');

export function contractMessages(locale: Locale) {
  const validation = Object.fromEntries(
    Object.entries(validationMessages).map(([key, m]) => [key, toI18nTemplate(m[locale])]),
  ) as Record<ValidationKey, string>;
  return { validation };
}

export type TranslationResource = typeof en &
  typeof enShell &
  ReturnType<typeof contractMessages> & {
    errors: Record<ErrorCode, string>;
    /** A feature's own messages join these when it loads (registerValidationMessages). */
    validation: Record<MessageName, string>;
  };

export const buildTranslation = (locale: Locale, ui: typeof en | UiMessages) => ({
  ...ui,
  ...contractMessages(locale),
});

/** English is bundled (default and fallback); Melayu loads when chosen. */
export const bundledResources = { en: { translation: buildTranslation('en', en) } };

export async function loadTranslation(locale: Locale) {
  if (locale === 'en') return bundledResources.en.translation;
  const { my } = await import('./my');
  return buildTranslation('my', my);
}
