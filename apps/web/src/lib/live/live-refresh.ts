import { useEffect, useRef } from 'react';
import type { LiveOrderEvent } from '@kopi/contract';
import type { LiveStatus } from './live-orders-socket';
import type { Store } from '../store';

// Live events refetch a screen (the status board, the dashboard). A burst of events (a rush at
// the counter, a replay after a reconnect) makes one request: the first event opens a short window and every event inside it
// rides along. The window is not pushed back by later events, so a steady stream of orders still
// refetches every `delayMs` instead of never.

export interface LiveRefresher {
  /** An event arrived: refetch once the window closes. */
  notify: () => void;
  /** Refetch now (the live link came back after an interruption). */
  now: () => void;
  dispose: () => void;
}

export function createLiveRefresher({
  refresh,
  delayMs = 150,
}: {
  refresh: () => Promise<unknown>;
  delayMs?: number;
}): LiveRefresher {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let disposed = false;

  const run = () => {
    timer = null;
    if (disposed) return;
    // One request at a time; an event during a request asks for one more afterwards, because
    // the request in flight may have been answered before that event's order existed.
    if (running) {
      again = true;
      return;
    }
    running = true;
    void refresh()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again && !disposed) {
          again = false;
          schedule();
        }
      });
  };

  function schedule() {
    if (timer || disposed) return;
    timer = setTimeout(run, delayMs);
  }

  return {
    notify: schedule,
    now: () => {
      if (timer) clearTimeout(timer);
      run();
    },
    dispose: () => {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Wires a screen to the live socket: events that may concern it (`accepts`) refetch it, and the
 * link (re)opening after an interruption or a lock refetches once (the socket also replays what
 * was missed with `since`, but a refetch heals whatever a replay cannot).
 */
export function useLiveRefresh({
  refresh,
  accepts,
  subscribe,
  status,
  resyncs,
  delayMs = 150,
}: {
  refresh: () => Promise<unknown>;
  accepts: (event: LiveOrderEvent) => boolean;
  subscribe: (handler: (event: LiveOrderEvent) => void) => () => void;
  status: Store<LiveStatus>;
  /** Bumped when the server could not replay everything missed (replay_truncated): refetch. */
  resyncs?: Store<number>;
  delayMs?: number;
}) {
  // The latest callbacks, without re-subscribing on every render.
  const latest = useRef({ refresh, accepts });
  useEffect(() => {
    latest.current = { refresh, accepts };
  });

  useEffect(() => {
    const refresher = createLiveRefresher({ refresh: () => latest.current.refresh(), delayMs });
    const unsubscribe = subscribe((event) => {
      if (latest.current.accepts(event)) refresher.notify();
    });
    let previous = status.getState();
    const unwatch = status.subscribe(() => {
      const next = status.getState();
      if (next === 'open' && previous !== 'open') refresher.now();
      previous = next;
    });
    const unwatchResyncs = resyncs?.subscribe(() => refresher.now());
    return () => {
      unsubscribe();
      unwatch();
      unwatchResyncs?.();
      refresher.dispose();
    };
  }, [subscribe, status, resyncs, delayMs]);
}
