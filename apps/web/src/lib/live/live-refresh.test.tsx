import { act, render } from '@testing-library/react';
import type { LiveOrderEvent } from '@kopi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from './live-orders-socket';
import { createStore } from '../store';
import { createLiveRefresher, useLiveRefresh } from './live-refresh';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A refresh whose answers the test releases one by one. */
function controlledRefresh() {
  const pending: (() => void)[] = [];
  const refresh = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        pending.push(resolve);
      }),
  );
  const answer = async () => {
    pending.shift()?.();
    // Let the promise chain (then/finally) run.
    await act(async () => {
      await Promise.resolve();
      await Promise.resolve();
    });
  };
  return { refresh, answer };
}

describe('createLiveRefresher', () => {
  it('makes one request for a burst of events, 150 ms after the first', async () => {
    const { refresh, answer } = controlledRefresh();
    const refresher = createLiveRefresher({ refresh });
    for (let i = 0; i < 20; i++) {
      refresher.notify();
      vi.advanceTimersByTime(5);
    }
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(refresh).toHaveBeenCalledTimes(1);
    await answer();
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps refetching during a steady stream instead of waiting for a quiet moment', async () => {
    const { refresh, answer } = controlledRefresh();
    const refresher = createLiveRefresher({ refresh });
    for (let ms = 0; ms < 1000; ms += 50) {
      refresher.notify();
      vi.advanceTimersByTime(50);
      if (refresh.mock.calls.length > 0) await answer();
    }
    // Within the first second, several refreshes and never more than one per window.
    expect(refresh.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(refresh.mock.calls.length).toBeLessThanOrEqual(7);
  });

  it('asks once more after a request that was in flight when an event came', async () => {
    const { refresh, answer } = controlledRefresh();
    const refresher = createLiveRefresher({ refresh });
    refresher.notify();
    vi.advanceTimersByTime(150);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Two events while the request is out: one more request, only after it answers.
    refresher.notify();
    vi.advanceTimersByTime(150);
    refresher.notify();
    vi.advanceTimersByTime(150);
    expect(refresh).toHaveBeenCalledTimes(1);
    await answer();
    vi.advanceTimersByTime(150);
    expect(refresh).toHaveBeenCalledTimes(2);
    await answer();
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does nothing once disposed', () => {
    const refresh = vi.fn(() => Promise.resolve());
    const refresher = createLiveRefresher({ refresh });
    refresher.notify();
    refresher.dispose();
    vi.advanceTimersByTime(1000);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('useLiveRefresh', () => {
  const event = (outlet: string, type = 'order.created'): LiveOrderEvent => ({
    event_id: 1,
    type,
    message: { id_order: 'x', status: 'PENDING', outlet_id: outlet },
  });

  function setup(status = createStore<LiveStatus>('open')) {
    const handlers = new Set<(e: LiveOrderEvent) => void>();
    const subscribe = (handler: (e: LiveOrderEvent) => void) => {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    };
    const refresh = vi.fn(() => Promise.resolve());
    function Probe() {
      useLiveRefresh({
        refresh,
        accepts: (e) => e.message.outlet_id === 'o1',
        subscribe,
        status,
      });
      return null;
    }
    const view = render(<Probe />);
    const emit = (e: LiveOrderEvent) => act(() => handlers.forEach((h) => h(e)));
    return { refresh, emit, status, view, handlers };
  }

  it('refetches for events of the board outlet, not for others', () => {
    const { refresh, emit } = setup();
    emit(event('o2'));
    vi.advanceTimersByTime(200);
    expect(refresh).not.toHaveBeenCalled();
    emit(event('o1'));
    emit(event('o1', 'order.status'));
    vi.advanceTimersByTime(200);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refetches once when the live link comes back, not while it is down', () => {
    const { refresh, status } = setup();
    act(() => status.setState('reconnecting'));
    act(() => status.setState('offline'));
    expect(refresh).not.toHaveBeenCalled();
    act(() => status.setState('open'));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the board closes', () => {
    const { refresh, emit, view, handlers } = setup();
    view.unmount();
    expect(handlers.size).toBe(0);
    emit(event('o1'));
    vi.advanceTimersByTime(200);
    expect(refresh).not.toHaveBeenCalled();
  });
});
