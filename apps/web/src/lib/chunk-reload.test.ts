import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoaded, reloadOnce, withChunkReload } from './chunk-reload';

beforeEach(() => sessionStorage.clear());

describe('failed page chunks', () => {
  it('reload the app once, then give up with an error for the error page', async () => {
    const reload = vi.fn();
    const failing = withChunkReload(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      reload,
    );
    void failing();
    await Promise.resolve();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(failing()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('may reload again after a chunk loaded fine', async () => {
    const reload = vi.fn();
    expect(reloadOnce(reload)).toBe(true);
    await withChunkReload(() => Promise.resolve('page'), reload)();
    expect(reloadOnce(reload)).toBe(true);
    expect(reloadOnce(reload)).toBe(false);
    chunkLoaded();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
