import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  forgetReload,
  RELOAD_WINDOW_MS,
  reloadOnce,
  withChunkReload,
} from './chunk-reload';

beforeEach(() => sessionStorage.clear());

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('failed page chunks', () => {
  it('reload the app once, then give up with an error for the error page', async () => {
    const reload = vi.fn();
    const load = withChunkReload(failing, reload);
    void load();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // After the reload other chunks load fine, but this one still fails: no second reload.
    await expect(withChunkReload(() => Promise.resolve('shell'), reload)()).resolves.toBe('shell');
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('may reload again much later (another deploy) or when the user asks', () => {
    const reload = vi.fn();
    expect(reloadOnce(reload, 1_000_000)).toBe(true);
    expect(reloadOnce(reload, 1_000_000 + RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(reloadOnce(reload, 1_000_000 + RELOAD_WINDOW_MS)).toBe(true);
    forgetReload();
    expect(reloadOnce(reload, 1_000_000 + RELOAD_WINDOW_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
