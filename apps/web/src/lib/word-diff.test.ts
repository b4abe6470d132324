import { describe, expect, it } from 'vitest';
import { type DiffPart, wordDiff } from './word-diff';

const side = (parts: DiffPart[], kind: 'removed' | 'added') =>
  parts
    .filter((p) => p.kind === 'same' || p.kind === kind)
    .map((p) => p.text)
    .join('');

describe('wordDiff', () => {
  it('marks the one word changed, the rest the same', () => {
    expect(wordDiff('Open daily at 8 am', 'Open daily at 7 am')).toEqual([
      { text: 'Open daily at ', kind: 'same' },
      { text: '8 ', kind: 'removed' },
      { text: '7 ', kind: 'added' },
      { text: 'am', kind: 'same' },
    ]);
  });

  it('marks words added and removed in the middle', () => {
    expect(wordDiff('Pay by card or cash', 'Pay by card, wallet or cash')).toEqual([
      { text: 'Pay by ', kind: 'same' },
      { text: 'card ', kind: 'removed' },
      { text: 'card, wallet ', kind: 'added' },
      { text: 'or cash', kind: 'same' },
    ]);
  });

  it('gives each side back whole, line breaks kept', () => {
    const before = 'Line one\nLine two stays\n\nThe end.';
    const after = 'Line one changed\nLine two stays\nThe end!';
    const parts = wordDiff(before, after);
    expect(side(parts, 'removed')).toBe(before);
    expect(side(parts, 'added')).toBe(after);
  });

  it('says an empty side is all added or all removed, and equal texts the same', () => {
    expect(wordDiff('', 'New text')).toEqual([{ text: 'New text', kind: 'added' }]);
    expect(wordDiff('Old text', '')).toEqual([{ text: 'Old text', kind: 'removed' }]);
    expect(wordDiff('Same', 'Same')).toEqual([{ text: 'Same', kind: 'same' }]);
  });

  it('counts a middle too long to compare word by word as replaced whole', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 1500 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(`Start ${a} end`, `Start ${b} end`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(side(parts, 'added')).toBe(`Start ${b} end`);
  });
});
