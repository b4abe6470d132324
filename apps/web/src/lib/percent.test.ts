import { describe, expect, it } from 'vitest';
import { bpToPercentText, percentTextToBp } from './percent';

describe('percent ↔ basis points', () => {
  it('shows basis points as a percentage', () => {
    expect(bpToPercentText(600)).toBe('6');
    expect(bpToPercentText(1000)).toBe('10');
    expect(bpToPercentText(650)).toBe('6.5');
    expect(bpToPercentText(825)).toBe('8.25');
    expect(bpToPercentText(25)).toBe('0.25');
    expect(bpToPercentText(5)).toBe('0.05');
    expect(bpToPercentText(0)).toBe('0');
    expect(bpToPercentText(10_000)).toBe('100');
    expect(bpToPercentText(null)).toBe('');
  });

  it('reads a typed percentage as basis points', () => {
    expect(percentTextToBp('6')).toBe(600);
    expect(percentTextToBp('6.5')).toBe(650);
    expect(percentTextToBp('6.50')).toBe(650);
    expect(percentTextToBp('0.25')).toBe(25);
    expect(percentTextToBp(' 10 % ')).toBe(1000);
    expect(percentTextToBp('8,25')).toBe(825);
    expect(percentTextToBp('6.')).toBe(600);
    expect(percentTextToBp('')).toBeNull();
  });

  it('refuses what is not a whole number of basis points', () => {
    expect(percentTextToBp('6.555')).toBeUndefined();
    expect(percentTextToBp('-1')).toBeUndefined();
    expect(percentTextToBp('six')).toBeUndefined();
    expect(percentTextToBp('1e2')).toBeUndefined();
  });

  it('round-trips every rate a form can hold', () => {
    for (let bp = 0; bp <= 10_000; bp += 7) expect(percentTextToBp(bpToPercentText(bp))).toBe(bp);
  });
});
