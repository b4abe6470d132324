import { afterEach, describe, expect, it } from 'vitest';
import {
  createToastGate,
  registerToastHost,
  resetToasts,
  showToast,
  toast,
  toastDurations,
  toastHostWanted,
  type ToastRequest,
} from './toasts';

afterEach(() => resetToasts());

describe('toast gate (SPEC §9)', () => {
  it('suppresses a toast whose type matches one already shown', () => {
    const gate = createToastGate();
    const first = gate.open('error');
    expect(first).not.toBeNull();
    expect(gate.open('error')).toBeNull();
    expect(gate.open('success')).not.toBeNull();
    gate.release(first!);
    expect(gate.open('error')).not.toBeNull();
  });
});

describe('showToast', () => {
  function collect() {
    const shown: ToastRequest[] = [];
    registerToastHost({ show: (r) => shown.push(r), dismiss: () => undefined });
    return shown;
  }

  it('shows standard toasts for 2000 ms and long info for 50000 ms', () => {
    const shown = collect();
    toast.success('Saved');
    toast.info('Read this', { long: true });
    expect(shown.map((r) => [r.type, r.durationMs])).toEqual([
      ['success', toastDurations.standard],
      ['info', toastDurations.longInfo],
    ]);
    expect(toastDurations).toEqual({ standard: 2000, longInfo: 50000 });
  });

  it('drops a second toast of the same type until the first has gone', () => {
    const shown = collect();
    expect(showToast('error', 'one')).not.toBeNull();
    expect(showToast('error', 'two')).toBeNull();
    expect(shown).toHaveLength(1);
    shown[0]!.onGone();
    expect(showToast('error', 'three')).not.toBeNull();
    expect(shown.map((r) => r.message)).toEqual(['one', 'three']);
  });

  it('waits for the toast host and asks for it to load', () => {
    expect(toastHostWanted.getState()).toBe(false);
    toast.warning('Session is Locked');
    expect(toastHostWanted.getState()).toBe(true);
    const shown = collect();
    expect(shown.map((r) => r.message)).toEqual(['Session is Locked']);
  });
});
