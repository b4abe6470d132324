import { useCallback } from 'react';
import { tillName } from '@kopi/contract';
import { useTranslation } from './i18n/use-translation';

// A till's name on screen: the app's numbered names ("Till 1") in the screen's language, any
// other as typed. The rule is the contract's.

/** `(stored name) => the name to show` in the screen's current language. */
export function useTillName() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((name: string) => tillName(language, name), [language]);
}
