import { act } from '@testing-library/react';
import type { LiveOrderEvent } from '@kopi/contract';
import type { LiveStatus } from '../lib/live/live-orders-socket';
import { createStore } from '../lib/store';

type Listener = (event: LiveOrderEvent) => void;
const listeners = new Set<Listener>();

/**
 * The session's live socket as a page test stands in for it: its status, and `emit` to hand an
 * event to every listener. A test file wires it in with
 * `vi.mock('…/lib/session/session-runtime', () => import('…/test/live-socket').then((m) => m.fakeSessionRuntime));`
 */
export const fakeLive = {
  status: createStore<LiveStatus>('open'),
  emit: (event: LiveOrderEvent) => act(() => listeners.forEach((listener) => listener(event))),
};

/** The stand-in for `lib/session/session-runtime`. */
export const fakeSessionRuntime = {
  liveSocket: { status: fakeLive.status },
  lockSession: () => undefined,
  onLiveOrderEvent: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
