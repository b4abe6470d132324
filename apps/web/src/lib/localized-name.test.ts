import { describe, expect, it } from 'vitest';
import { nameFor } from './localized-name';

describe('nameFor', () => {
  it('shows the Malay name on a Malay screen', () => {
    expect(nameFor('my', 'Large', 'Besar')).toBe('Besar');
  });

  it('falls back to the English name when there is no Malay name', () => {
    expect(nameFor('my', 'Kopi O', null)).toBe('Kopi O');
    expect(nameFor('my', 'Kopi O', undefined)).toBe('Kopi O');
    expect(nameFor('my', 'Kopi O', '')).toBe('Kopi O');
    expect(nameFor('my', 'Kopi O', '   ')).toBe('Kopi O');
  });

  it('shows the English name on an English screen', () => {
    expect(nameFor('en', 'Large', 'Besar')).toBe('Large');
  });
});
