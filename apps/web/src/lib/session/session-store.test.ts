import type { RefreshData, SessionData } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import {
  emptySession,
  sessionFromAnswer,
  sessionStore,
  setLocked,
  clearAccessToken,
  clearSession,
} from './session-store';
import { lastActivity, isIdle } from './idle-lock';

const answer: SessionData = {
  id: 'u1',
  username: 'admin',
  fullname: 'Aisyah Rahman',
  email: null,
  avatar: null,
  id_outlet: null,
  tenant_id: 't1',
  tenant_name: 'Kopi Demo',
  is_verify: true,
  kyc_rejection_reason: null,
  kyc_status: null,
  language: 'en',
  settings: {},
  token: 'access',
  refresh_token: 'refresh',
  permissions: ['read-dashboard', 'Read-AclDemo'],
  menus: [],
  role_name: 'admin',
};

describe('session store (SPEC §9)', () => {
  it('keeps tokens, user fields and abilities from the sign-in answer', () => {
    const s = sessionFromAnswer(answer);
    expect(s.token).toBe('access');
    expect(s.refreshToken).toBe('refresh');
    expect(s.roleName).toBe('admin');
    expect(s.user).toMatchObject({ id: 'u1', fullname: 'Aisyah Rahman' });
    expect(s.user).not.toHaveProperty('token');
    expect(s.abilities).toEqual([
      { action: 'read', subject: 'dashboard' },
      { action: 'read', subject: 'acldemo' },
    ]);
  });

  it('takes the role from "role" on refresh (SPEC §6)', () => {
    const refreshed: RefreshData = { ...answer, role_name: 'admin', role: 'manager' };
    expect(sessionFromAnswer(refreshed).roleName).toBe('manager');
  });

  it('persists in sessionStorage and clears the access token on a 401', () => {
    sessionStore.setState(sessionFromAnswer(answer));
    expect(JSON.parse(sessionStorage.getItem('kopi-hq-session')!).token).toBe('access');
    setLocked(true);
    clearAccessToken();
    expect(sessionStore.getState()).toMatchObject({
      token: null,
      refreshToken: 'refresh',
      isLocked: false,
    });
    clearSession();
    expect(sessionStore.getState()).toEqual(emptySession);
    expect(sessionStorage.getItem('kopi-hq-session')).toBeNull();
  });
});

describe('idle lock', () => {
  it('uses the latest activity of any tab and the preference in minutes', () => {
    expect(lastActivity(1000, '5000')).toBe(5000);
    expect(lastActivity(1000, null)).toBe(1000);
    expect(isIdle(15 * 60_000 + 10, 10, 15)).toBe(true);
    expect(isIdle(15 * 60_000 + 9, 10, 15)).toBe(false);
  });
});
