import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http/http-client';
import { useGuardedRemoval } from './use-guarded-removal';

describe('useGuardedRemoval', () => {
  it('removes the record and refreshes the list', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const refresh = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useGuardedRemoval({ remove, fallback: vi.fn(), refresh }));
    act(() => result.current.ask('kl01'));
    await act(() => result.current.confirm());
    expect(remove).toHaveBeenCalledWith('kl01');
    expect(refresh).toHaveBeenCalled();
    expect(result.current.pending).toBeNull();
  });

  it('keeps a 409 refusal as the reason, then runs the fallback', async () => {
    const remove = vi.fn(() => Promise.reject(new HttpError(409, 'Outlet has staff')));
    const fallback = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() =>
      useGuardedRemoval({ remove, fallback, refresh: () => Promise.resolve() }),
    );
    act(() => result.current.ask('kl01'));
    await act(() => result.current.confirm());
    expect(result.current.pending).toEqual({ target: 'kl01', blocked: 'Outlet has staff' });
    await act(() => result.current.confirm());
    expect(fallback).toHaveBeenCalledWith('kl01');
    expect(result.current.pending).toBeNull();
  });
});
