import i18next from 'i18next';
import { defaultLocale, locales, parseMessageKey, type Locale } from '@kopi/contract/values';
import { settingsStore } from '../settings/settings-store';
import type * as ErrorMessages from './error-messages';
import { bundledResources, loadTranslation, type TranslationResource } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResource };
  }
}

export const i18n = i18next.createInstance();

// English is bundled, so initialisation is synchronous; Melayu is added by ensureLanguage().
void i18n.init({
  resources: bundledResources,
  partialBundledLanguages: true,
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * The app calls Melayu "my" (SPEC §1), but BCP 47 "my" is Burmese: the document says "ms" so
 * screen readers and spell-checkers pick Malay.
 */
export const documentLanguage = (locale: Locale) => (locale === 'my' ? 'ms' : locale);

/** Intl locale for numbers, dates and money. */
export const intlLocale = (locale: string) => (locale === 'my' ? 'ms-MY' : 'en-MY');

export function applyDocumentLanguage(locale: Locale, direction: 'ltr' | 'rtl') {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = documentLanguage(locale);
  document.documentElement.dir = direction;
}

/** Loads a language's strings (once) and switches to it. */
const loadedLanguages = new Set<Locale>([defaultLocale]);

export async function ensureLanguage(locale: Locale) {
  if (!loadedLanguages.has(locale)) {
    try {
      i18n.addResourceBundle(locale, 'translation', await loadTranslation(locale), true, true);
      loadedLanguages.add(locale);
    } catch {
      // Offline or a failed chunk: English (the fallback) stays readable.
    }
  }
  if (settingsStore.getState().language === locale && i18n.language !== locale) {
    await i18n.changeLanguage(locale);
  }
}

settingsStore.subscribe(() => {
  const { language, direction } = settingsStore.getState();
  if (i18n.language !== language) void ensureLanguage(language);
  applyDocumentLanguage(language, direction);
});
applyDocumentLanguage(settingsStore.getState().language, settingsStore.getState().direction);

/** Translates a contract validation key ("validation.min_value?min=5"); other text passes through. */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return message;
  const parsed = parseMessageKey(message);
  if (!parsed) return message;
  return i18n.t(`validation.${parsed.key}`, parsed.params);
}

let errorModule: Promise<typeof ErrorMessages> | null = null;

/**
 * Translates a server `code_message` (undefined for unknown codes). The catalogue loads with the
 * first failure; both languages are added at once.
 */
export async function translateErrorCode(code: string): Promise<string | undefined> {
  errorModule ??= import('./error-messages').then((module) => {
    for (const locale of locales) {
      i18n.addResourceBundle(
        locale,
        'translation',
        { errors: module.errorMessages(locale) },
        true,
        false,
      );
    }
    return module;
  });
  const { isErrorCode } = await errorModule;
  return isErrorCode(code) ? i18n.t(`errors.${code}`) : undefined;
}

/** Adds the navigation shell's English strings (called when the shell's code loads). */
export function addShellStrings(strings: object) {
  i18n.addResourceBundle('en', 'translation', strings, true, false);
}
