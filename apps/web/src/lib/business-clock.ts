import {
  businessDate,
  defaultBusinessDayCutoffHour,
  defaultTimezone,
  type SessionUserExtras,
} from '@kopi/contract';
import { storageKey } from './app-config';
import { useSessionUser } from './session/session-store';
import { createStore, useStore } from './store';

// The clock business days run on (DESIGN §3): a time zone and the tenant's cut-off hour. The web
// has no call of its own for it; the dashboard's answer carries both (`timezone`, `cutoff_hour`),
// so the dashboard remembers them here for the screens that work out dates themselves (the
// report's range presets). Until then — or for a user who may not read the dashboard — the
// contract's defaults apply: Malaysia time, 04:00, which is what tenants start with.

export interface BusinessClock {
  timeZone: string;
  cutoffHour: number;
}

export const defaultBusinessClock: BusinessClock = {
  timeZone: defaultTimezone,
  cutoffHour: defaultBusinessDayCutoffHour,
};

const KEY = storageKey('business-clock');

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const isClock = (v: unknown): v is BusinessClock =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as BusinessClock).timeZone === 'string' &&
  Number.isInteger((v as BusinessClock).cutoffHour);

function load(): Record<string, BusinessClock> {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => isClock(v))) as Record<
      string,
      BusinessClock
    >;
  } catch {
    return {};
  }
}

/** Known clocks by scope ("tenant:outlet"), kept for the tab like the session. */
export const businessClockStore = createStore<Record<string, BusinessClock>>(load());
businessClockStore.subscribe(() => {
  storage()?.setItem(KEY, JSON.stringify(businessClockStore.getState()));
});

/** The scope a clock belongs to: the tenant the user works in and, when bound, their outlet. */
export const clockScope = (
  user: {
    tenant_id: string | null;
    id_outlet: string | null;
    acting_tenant_id?: string | null;
  } | null,
) => (user ? `${user.tenant_id ?? user.acting_tenant_id ?? ''}:${user.id_outlet ?? ''}` : '');

export function rememberBusinessClock(scope: string, clock: BusinessClock) {
  businessClockStore.setState((all) => {
    const known = all[scope];
    if (known && known.timeZone === clock.timeZone && known.cutoffHour === clock.cutoffHour)
      return all;
    return { ...all, [scope]: clock };
  });
}

/** The clock of the signed-in user's business days (the defaults until one is known). */
export function useBusinessClock(): BusinessClock {
  const user = useSessionUser() as (ReturnType<typeof useSessionUser> & SessionUserExtras) | null;
  const scope = clockScope(user);
  return useStore(businessClockStore, (all) => all[scope]) ?? defaultBusinessClock;
}

/** Today's business date on a clock. */
export const businessToday = (clock: BusinessClock, now = new Date()) =>
  businessDate(now, clock.timeZone, clock.cutoffHour);
