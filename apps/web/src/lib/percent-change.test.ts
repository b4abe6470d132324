import { describe, expect, it } from 'vitest';
import { averageTicket, formatPercentChange, percentChange, sharePercent } from './percent-change';

describe('percentChange', () => {
  it('compares with the previous figure', () => {
    expect(percentChange(150, 100)).toEqual({ percent: 50, direction: 'up' });
    expect(percentChange(75, 100)).toEqual({ percent: -25, direction: 'down' });
    expect(percentChange(100, 100)).toEqual({ percent: 0, direction: 'flat' });
  });

  it('has no percent when the previous figure is 0 and this one is not', () => {
    expect(percentChange(500, 0)).toEqual({ percent: null, direction: 'up' });
    expect(percentChange(-500, 0)).toEqual({ percent: null, direction: 'down' });
  });

  it('is flat at 0 % when both are 0', () => {
    expect(percentChange(0, 0)).toEqual({ percent: 0, direction: 'flat' });
  });

  it('falling to 0 is -100 %', () => {
    expect(percentChange(0, 250)).toEqual({ percent: -100, direction: 'down' });
  });

  it('divides by the size of a negative previous figure (rounding totals can be negative)', () => {
    expect(percentChange(-2, -4)).toEqual({ percent: 50, direction: 'up' });
  });
});

describe('formatting', () => {
  it('shows one decimal with the sign', () => {
    expect(formatPercentChange(12.345)).toBe('+12.3%');
    expect(formatPercentChange(-4)).toBe('-4.0%');
    expect(formatPercentChange(0)).toBe('0%');
    expect(formatPercentChange(1234.5)).toBe('+1,234.5%');
  });

  it('average ticket is net per order, 0 without orders', () => {
    expect(averageTicket(10_000, 3)).toBe(3333);
    expect(averageTicket(10_000, 0)).toBe(0);
  });

  it('share of a whole, 0 of nothing', () => {
    expect(sharePercent(25, 200)).toBe(12.5);
    expect(sharePercent(5, 0)).toBe(0);
  });
});
