import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredNamespaces, stringTable } from './string-tables';

// The web's strings as a whole, both languages: every screen's namespace is in the tables the
// checks read (the rendered-Malay journey among them), and each English string has its Malay one,
// with the same parameters, naming English the Malay way.

const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const en = stringTable('en');
const my = stringTable('my');
const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Malay strings that say "English": the language named in itself, as a language picker does. */
const englishNamedInItself = ['translation:languages.en', 'users:form.english'];

describe('string tables', () => {
  it('hold every namespace a screen registers', () => {
    const registered = sourceFiles(src).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/defineFeatureStrings\(\s*'([^']+)'/g)].map(
        (m) => m[1]!,
      ),
    );
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((ns) => !registeredNamespaces().includes(ns))).toEqual([]);
  });

  it('hold the shell’s, the contract’s and a screen’s strings', () => {
    expect(en['translation:common.save']).toBe('Save');
    expect(my['translation:validation.account_number']).toBe('Nombor akaun ialah 6–20 digit');
    expect(my['contract:paymentMethod.cash']).toBe('Tunai');
    expect(my['membership:form.nameEn']).toBe('Nama (Inggeris)');
  });

  it('give every English string a Malay one, not empty, with the same parameters', () => {
    expect(Object.keys(my).sort()).toEqual(Object.keys(en).sort());
    const problems = Object.keys(en).flatMap((key) => {
      const malay = my[key] ?? '';
      if (malay.trim() === '') return [`${key}: no Malay`];
      const [a, b] = [params(en[key]!), params(malay)];
      return a.join() === b.join()
        ? []
        : [`${key}: {{${a.join(', ')}}} in English, {{${b.join(', ')}}} in Malay`];
    });
    expect(problems).toEqual([]);
  });

  it('call English "Inggeris" in Malay, but where the language names itself', () => {
    const english = Object.entries(my)
      .filter(([key, text]) => /\bEnglish\b/.test(text) && !englishNamedInItself.includes(key))
      .map(([key, text]) => `${key}: ${text}`);
    expect(english).toEqual([]);
  });
});
