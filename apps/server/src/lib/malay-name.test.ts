import { describe, expect, it } from 'vitest';
import { languageOf, malayName } from './malay-name';

describe('malayName', () => {
  it('stores a Malay name trimmed, and blank as none', () => {
    expect(malayName('  Besar ')).toBe('Besar');
    expect(malayName('   ')).toBeNull();
    expect(malayName('')).toBeNull();
    expect(malayName(null)).toBeNull();
    expect(malayName(undefined)).toBeNull();
  });
});

describe('languageOf (Accept-Language)', () => {
  it('answers Malay for ms or my ranges, English otherwise', () => {
    expect(languageOf('ms')).toBe('my');
    expect(languageOf('ms-MY,ms;q=0.9,en;q=0.8')).toBe('my');
    expect(languageOf('my')).toBe('my');
    expect(languageOf('en-GB,ms;q=0.5')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf('zh-CN,zh;q=0.9')).toBe('en');
  });

  it('follows q-values, skips refused ranges and the languages it does not speak', () => {
    expect(languageOf('en;q=0.4, ms;q=0.8')).toBe('my');
    expect(languageOf('ms;q=0, en')).toBe('en');
    expect(languageOf('zh-CN, ms;q=0.7, en;q=0.5')).toBe('my');
    expect(languageOf(['fr', 'ms-MY'])).toBe('my');
    expect(languageOf('ms;q=abc, en;q=0.1')).toBe('en');
  });
});
