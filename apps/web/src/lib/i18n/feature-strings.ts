import { useMemo } from 'react';
import type { Locale } from '@kopi/contract';
import { i18n } from './i18n';
import { toI18nTemplate } from './resources';
import { useTranslation } from './use-translation';

// A feature's own strings, in their own i18next namespace, added when the feature's code loads:
// the sign-in bundle (en.ts) and the shell's strings do not grow with every screen.

/** The Malay bundle has the English bundle's shape (a missing key is a compile error). */
export type FeatureMessages<T> = {
  [K in keyof T]: T[K] extends string ? string : FeatureMessages<T[K]>;
};

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? WithoutPlural<`${Prefix}${K}`>
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Keys of a bundle as dotted paths ("form.name"); plural keys without their suffix. */
export type FeatureKey<T> = Leaves<T>;
export type FeatureT<T> = (key: FeatureKey<T>, params?: Record<string, unknown>) => string;

export interface FeatureBundles<T> {
  en: T;
  my: FeatureMessages<T>;
}

/** Adds both languages of a namespace once (idempotent, so tests and hot reloads can repeat it). */
export function registerFeatureStrings<T extends object>(
  namespace: string,
  bundles: FeatureBundles<T>,
) {
  for (const locale of ['en', 'my'] as const satisfies readonly Locale[]) {
    if (!i18n.hasResourceBundle(locale, namespace)) {
      i18n.addResourceBundle(locale, namespace, bundles[locale], true, false);
    }
  }
}

/**
 * Validation messages only one feature's schemas carry (the contract keeps them apart from the
 * shared ones): added to the shell's `validation.*` keys when the feature loads, so the sign-in
 * bundle does not carry them and `translateValidation` still finds them.
 */
export function registerValidationMessages(messages: Record<string, { en: string; my: string }>) {
  for (const locale of ['en', 'my'] as const satisfies readonly Locale[]) {
    const validation = Object.fromEntries(
      Object.entries(messages).map(([key, m]) => [key, toI18nTemplate(m[locale])]),
    );
    i18n.addResourceBundle(locale, 'translation', { validation }, true, false);
  }
}

/**
 * Registers a feature's strings now (when its module loads, before anything renders) and returns
 * a hook giving a `t` typed on the bundle's keys, plus the shell's `t` for shared words
 * (common.save, recordStatus.*).
 */
export function defineFeatureStrings<const T extends object>(
  namespace: string,
  bundles: FeatureBundles<T>,
) {
  registerFeatureStrings(namespace, bundles);
  return function useFeatureStrings() {
    const { t: shellT, i18n: instance } = useTranslation();
    const t = useMemo(
      () =>
        // The typed getFixedT knows only the shell's namespace; feature namespaces are typed here.
        (instance.getFixedT.bind(instance) as unknown as (lng: string, ns: string) => FeatureT<T>)(
          instance.language,
          namespace,
        ),
      // shellT changes with the language and whenever strings are added
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [shellT, instance],
    );
    return { t, ts: shellT, language: instance.language as Locale };
  };
}
