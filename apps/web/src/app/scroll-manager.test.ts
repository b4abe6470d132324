import { describe, expect, it } from 'vitest';
import { HASH_SCROLL_OFFSET, hashScrollTop } from './scroll-manager';

describe('hash scrolling (SPEC §2)', () => {
  it('stops 60 px above the target', () => {
    expect(HASH_SCROLL_OFFSET).toBe(60);
    expect(hashScrollTop(500, 100)).toBe(540);
    expect(hashScrollTop(20, 0)).toBe(0);
  });
});
