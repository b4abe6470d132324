import { findAppSetting } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { appSettingsStore, loadAppSettings } from './session-service';
import { emptySession, sessionStore } from './session-store';

// GET /api/app/settings (SPEC §7) lists a code more than once when it is set at several levels
// (a customer-app feature: the platform default, the business, the user's outlet); the web keeps
// the entries in the server's order and its lookup takes the last one (SPEC §3).

afterEach(() => {
  vi.unstubAllGlobals();
  appSettingsStore.setState([]);
  sessionStore.setState(emptySession);
});

describe('the app settings lookup', () => {
  it('loads the entries with the refresh token and takes the last entry of a repeated code', async () => {
    sessionStore.setState({ ...emptySession, token: 'access', refreshToken: 'refresh-1' });
    const calls = mockFetch((call) =>
      call.url === '/api/app/settings'
        ? {
            body: {
              data: {
                status: [
                  { code: 'currency', name: 'Currency', enabled: true, value: 'MYR' },
                  { code: 'delivery', name: 'Delivery', enabled: false, source: 'platform' },
                  { code: 'delivery', name: 'Delivery', enabled: true, source: 'tenant' },
                  { code: 'delivery', name: 'Delivery', enabled: false, source: 'outlet' },
                  { code: 'wallet', name: 'Wallet', enabled: true, source: 'platform' },
                ],
              },
            },
          }
        : undefined,
    );
    const entries = await loadAppSettings();
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer refresh-1');
    expect(appSettingsStore.getState()).toEqual(entries);
    expect(findAppSetting(entries, 'delivery')).toMatchObject({ enabled: false, source: 'outlet' });
    expect(findAppSetting(entries, 'wallet')).toMatchObject({ enabled: true });
    expect(findAppSetting(entries, 'currency')?.value).toBe('MYR');
    expect(findAppSetting(entries, 'referral')).toBeUndefined();
  });
});
