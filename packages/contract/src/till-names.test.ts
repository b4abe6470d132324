import { describe, expect, it } from 'vitest';
import { tillName } from './till-names';

describe('till names', () => {
  it('reads the numbered name the server gives in the screen’s language', () => {
    expect(tillName('my', 'Till 1')).toBe('Kaunter 1');
    expect(tillName('my', 'Till 12')).toBe('Kaunter 12');
    expect(tillName('en', 'Kaunter 2')).toBe('Till 2');
    expect(tillName('en', 'Till 1')).toBe('Till 1');
    expect(tillName('my', 'Kaunter 3')).toBe('Kaunter 3');
  });

  it('shows any other name as typed', () => {
    expect(tillName('my', 'Drive-through')).toBe('Drive-through');
    expect(tillName('my', 'Till 1 upstairs')).toBe('Till 1 upstairs');
    expect(tillName('my', 'till 1')).toBe('till 1');
    expect(tillName('my', 'Till')).toBe('Till');
  });
});
