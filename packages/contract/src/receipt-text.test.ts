import { describe, expect, it } from 'vitest';
import { receiptTextFor } from './locale-values';

// A receipt prints the business's lines in the staff's language, else in the other one
// (decision 069).

describe('receiptTextFor', () => {
  it('prints the language of the screen when it is set', () => {
    expect(receiptTextFor('en', 'Thank you!', 'Terima kasih!')).toBe('Thank you!');
    expect(receiptTextFor('my', 'Thank you!', 'Terima kasih!')).toBe('Terima kasih!');
  });

  it('falls back to the other language when one is empty or blank', () => {
    expect(receiptTextFor('my', 'Thank you!', null)).toBe('Thank you!');
    expect(receiptTextFor('my', 'Thank you!', '  ')).toBe('Thank you!');
    expect(receiptTextFor('en', null, 'Terima kasih!')).toBe('Terima kasih!');
    expect(receiptTextFor('en', '', 'Terima kasih!')).toBe('Terima kasih!');
  });

  it('prints nothing when neither is set', () => {
    expect(receiptTextFor('en', null, null)).toBeNull();
    expect(receiptTextFor('my', '', ' ')).toBeNull();
  });
});
