import { type Locale, reasonTexts, type ReasonTextKey } from '@kopi/contract';
import { defineFeatureStrings } from '../../lib/i18n/feature-strings';
import { toI18nTemplate } from '../../lib/i18n/resources';

// The words of the reasons the server writes as codes (ledger entries, order and refund
// histories), in their own namespace: the contract's texts, which the server's files say too.

const bundleOf = (locale: Locale) =>
  Object.fromEntries(
    Object.entries(reasonTexts).map(([key, texts]) => [key, toI18nTemplate(texts[locale])]),
  ) as Record<ReasonTextKey, string>;

export const useCodedReasonStrings = defineFeatureStrings('codedReasons', {
  en: bundleOf('en'),
  my: bundleOf('my'),
});
