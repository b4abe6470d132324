// A till's name is what staff typed, shown as stored, except the numbered names the app itself
// gives and suggests: the server names every outlet's first till "Till 1" (and the form suggests
// "Till 2"), which a Malay screen reads as "Kaunter 1"; a till someone named "Kaunter 2" reads as
// "Till 2" on an English screen. The stored name (and the audit trail's labels, which quote it)
// stays as it is.

const numbered: Record<'en' | 'my', { word: string; pattern: RegExp }> = {
  en: { word: 'Till', pattern: /^Till (\d{1,3})$/ },
  my: { word: 'Kaunter', pattern: /^Kaunter (\d{1,3})$/ },
};

/** A till's name for a screen in `locale`. */
export function tillName(locale: string, name: string): string {
  const [own, other] = locale === 'my' ? [numbered.my, numbered.en] : [numbered.en, numbered.my];
  const n = other.pattern.exec(name)?.[1];
  return n === undefined ? name : `${own.word} ${n}`;
}
