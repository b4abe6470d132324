import type { Page } from '@playwright/test';
import { stringTable } from '../../apps/web/src/app/string-tables';

// Finds the web's English strings on a screen drawn in Malay. The strings come from the web's own
// tables (every namespace, the shell's, the contract's messages and labels): an English string
// counts when its Malay translation differs and no Malay string anywhere reads the same (Status,
// SKU and POS are words of both). What a screen shows is read as the reader gets it: each text
// node, each line of the page's text, and the placeholders, labels and titles of what is visible.

/**
 * Texts a Malay screen may show though they read as an English string, on the pages given, each
 * with why. Kept short: never to hide a missing translation.
 */
export const allowedTexts: { path: RegExp; text: RegExp; why: string }[] = [];

interface Matcher {
  key: string;
  english: string;
  /** Its longest fixed part: a text without it cannot match (a quick test before the pattern). */
  part: string;
  /** A whole text equals the string, each `{{…}}` standing for a number or a short text. */
  whole: RegExp;
  /** The string inside a longer text: only for sentences, too long to be a chance. */
  inside?: RegExp;
  /**
   * Letters of its own a text must have, as a share of all its letters, when a parameter may be
   * any text: "Order {{number}}" is "Order KL01-0008", not a customer's "Order ahead, skip the queue".
   */
  share: number;
  /** Letters of its fixed parts. */
  letters: number;
}

export interface EnglishStrings {
  /** Strings without parameters, by their text: a whole text is looked up. */
  exact: Map<string, Matcher[]>;
  /** Strings with parameters, and sentences that may stand inside a longer text. */
  patterns: Matcher[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const placeholder = /\{\{\s*(\w+)\s*\}\}/g;
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const letters = (text: string) => text.replace(/[^A-Za-z]/g, '').length;

// Parameters that are always a number or an amount ("{{count}} outlets", "Pay {{amount}}").
const numeric = new Set(
  'count n amount total min max percent points issued stock used limit seconds minutes days hour price balance fee net tendered change unrounded threshold reached remaining step row minCount maxCount lines items attempt year cap tolerance'.split(
    ' ',
  ),
);
const numberPattern = '(?:RM\\s?)?[-−+]?\\d[\\d.,]*(?:\\s?%|k)?';
const textPattern = '.{1,40}?';

/** The English strings a Malay screen must not show. */
export function englishStrings(): EnglishStrings {
  const en = stringTable('en');
  const my = stringTable('my');
  const malay = new Set(Object.values(my).map(squeeze));
  const strings: EnglishStrings = { exact: new Map(), patterns: [] };
  for (const [key, raw] of Object.entries(en)) {
    const english = squeeze(raw);
    // The same in both languages, or a Malay string somewhere ("English" names itself in Malay).
    if (english === squeeze(my[key] ?? '') || malay.has(english)) continue;
    const names = [...english.matchAll(placeholder)].map((m) => m[1]!);
    const parts = english.split(placeholder).filter((_, i) => i % 2 === 0);
    const fixed = squeeze(parts.join(' '));
    const anyText = names.some((name) => !numeric.has(name));
    // Enough words of its own to tell: "No" and "Pay {{amount}}" do, "{{name}} at {{outlet}}"
    // (any two texts with "at" between) does not.
    if (letters(fixed) < (anyText ? 4 : 2)) continue;
    const pattern = parts
      .map((part, i) => {
        const name = names[i];
        const value = name === undefined ? '' : numeric.has(name) ? numberPattern : textPattern;
        return escape(part).replace(/ /g, '\\s+') + value;
      })
      .join('');
    const sentence = fixed.split(' ').length >= 3 && fixed.length >= 16;
    const matcher: Matcher = {
      key,
      english,
      part: parts.map((p) => p.trim()).reduce((a, b) => (b.length > a.length ? b : a), ''),
      whole: new RegExp(`^${pattern}$`),
      inside: sentence ? new RegExp(`(^|\\W)${pattern}($|\\W)`) : undefined,
      share: anyText ? 1 / 3 : 0,
      letters: letters(fixed),
    };
    if (names.length === 0) {
      strings.exact.set(english, [...(strings.exact.get(english) ?? []), matcher]);
    }
    if (names.length > 0 || sentence) strings.patterns.push(matcher);
  }
  return strings;
}

/** The texts a reader meets on the page as it is now, each with where it was read. */
export async function visibleTexts(page: Page): Promise<{ text: string; where: string }[]> {
  return page.evaluate(() => {
    const found = new Map<string, string>();
    const add = (raw: string | null | undefined, where: string) => {
      const text = (raw ?? '').replace(/\s+/g, ' ').trim();
      if (text && !found.has(text)) found.set(text, where);
    };
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript') || !shown(parent)) continue;
      add(node.nodeValue, `text in <${parent.tagName.toLowerCase()}>`);
    }
    for (const line of document.body.innerText.split(/[\n\t]/)) add(line, 'line');
    for (const el of document.body.querySelectorAll(
      '[placeholder], [aria-label], [title], [alt], [aria-placeholder], [aria-valuetext]',
    )) {
      if (!shown(el) && !el.matches('input, textarea')) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt', 'aria-valuetext']) {
        add(el.getAttribute(name), `${name} of <${el.tagName.toLowerCase()}>`);
      }
    }
    add(document.title, 'document title');
    return [...found].map(([text, where]) => ({ text, where }));
  });
}

/**
 * Each English string the page shows, one line each: where, the text read, and the English
 * string's keys (with the string itself when it is a pattern or a part of the text):
 * `text in <label>: "Name (English)" ← membership:form.nameEn, vouchers:form.nameEn`.
 */
export async function englishOnPage(page: Page, path: string, strings: EnglishStrings) {
  const allowed = allowedTexts.filter((a) => a.path.test(path));
  const hits = new Map<string, string[]>();
  for (const { text, where } of await visibleTexts(page)) {
    if (allowed.some((a) => a.text.test(text))) continue;
    const found = new Set([
      ...(strings.exact.get(text) ?? []),
      ...strings.patterns.filter(
        (m) =>
          text.includes(m.part) &&
          (m.whole.test(text) || m.inside?.test(text)) &&
          m.letters >= m.share * letters(text),
      ),
    ]);
    for (const m of found) {
      const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
      const line = `${where}: "${shown}" ←${m.english === text ? '' : ` "${m.english}":`}`;
      hits.set(line, [...(hits.get(line) ?? []), m.key]);
    }
  }
  return [...hits].map(([line, keys]) => `${line} ${keys.sort().join(', ')}`).sort();
}
