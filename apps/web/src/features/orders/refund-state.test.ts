import { describe, expect, it } from 'vitest';
import { refundStateOf } from './refund-state';

describe('refundStateOf', () => {
  it('tells a fully, a partly and a not refunded order apart', () => {
    expect(refundStateOf({ paid: 1060, refunded: 0 })).toBeNull();
    expect(refundStateOf({ paid: 1060, refunded: 500 })).toBe('part');
    expect(refundStateOf({ paid: 1060, refunded: 1060 })).toBe('full');
  });
});
