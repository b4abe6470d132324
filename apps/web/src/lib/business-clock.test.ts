import { renderHook, act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  businessClockStore,
  businessToday,
  clockScope,
  defaultBusinessClock,
  rememberBusinessClock,
  useBusinessClock,
} from './business-clock';
import { emptySession, sessionStore } from './session/session-store';

afterEach(() => {
  businessClockStore.setState({});
  sessionStore.setState(emptySession);
});

const signIn = (tenant: string, outlet: string | null) =>
  sessionStore.setState({
    ...emptySession,
    token: 't',
    user: { tenant_id: tenant, id_outlet: outlet } as never,
  });

describe('business clock', () => {
  it('is Malaysia time with a 04:00 cut-off until the server says otherwise', () => {
    signIn('t1', null);
    const { result } = renderHook(() => useBusinessClock());
    expect(result.current).toEqual(defaultBusinessClock);
    expect(defaultBusinessClock).toEqual({ timeZone: 'Asia/Kuala_Lumpur', cutoffHour: 4 });
  });

  it('uses what the dashboard remembered for this tenant (and outlet)', () => {
    signIn('t1', 'o1');
    const { result } = renderHook(() => useBusinessClock());
    act(() => rememberBusinessClock('t2:', { timeZone: 'Asia/Tokyo', cutoffHour: 2 }));
    expect(result.current).toEqual(defaultBusinessClock);
    act(() => rememberBusinessClock('t1:o1', { timeZone: 'Asia/Kuching', cutoffHour: 6 }));
    expect(result.current).toEqual({ timeZone: 'Asia/Kuching', cutoffHour: 6 });
    expect(clockScope({ tenant_id: 't1', id_outlet: 'o1' })).toBe('t1:o1');
    expect(clockScope({ tenant_id: null, id_outlet: null, acting_tenant_id: 't9' })).toBe('t9:');
  });

  it("today's business date follows the cut-off hour", () => {
    const clock = { timeZone: 'Asia/Kuala_Lumpur', cutoffHour: 4 };
    expect(businessToday(clock, new Date('2026-03-14T19:59:00Z'))).toBe('2026-03-14'); // 03:59
    expect(businessToday(clock, new Date('2026-03-14T20:00:00Z'))).toBe('2026-03-15'); // 04:00
  });
});
