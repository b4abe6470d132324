import { localizedName } from '@kopi/contract';
import { useCallback } from 'react';
import { useTranslation } from './i18n/use-translation';

// Catalogue names on screen (decision 039): products, options, add-ons and categories show their
// Malay name when the screen is in Malay and one is set, else the English name. The rule itself
// is the contract's `localizedName`, shared with the server; this is its screen-language form.

/** Picks the name for a screen language. */
export const nameFor = (language: string, name: string, nameMy: string | null | undefined) =>
  localizedName(language, name, nameMy);

/** `(name, name_my) => the name to show` in the screen's current language. */
export function useLocalizedName() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (name: string, nameMy: string | null | undefined) => nameFor(language, name, nameMy),
    [language],
  );
}
