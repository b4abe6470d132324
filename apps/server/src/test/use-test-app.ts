import type { SessionData } from '@kopi/contract';
import { afterAll, beforeAll, vi } from 'vitest';
import {
  createTestApp,
  requestAs,
  type RequestHeaders,
  type Requests,
  type TestApp,
  type TestAppOptions,
} from './test-app';

/** `{ authorization: 'Bearer …' }` of a signed-in user. */
export type Bearer = { authorization: string };

export interface UseTestAppOptions<User extends string> extends TestAppOptions {
  /** Demo users (or others the app seeds) to sign in, in this order, before any other hook. */
  signIn?: readonly User[];
  /** Whose headers `api` sends by default: one of `signIn`, or headers of its own. None if left out. */
  api?: NoInfer<User> | RequestHeaders;
}

export interface TestAppContext<User extends string> {
  /** This file's app. Bound late: use it inside hooks and tests, not at the top level. */
  t: TestApp;
  /** `requestAs(t, …)` with the headers `options.api` names. */
  api: Requests;
  /** Each signed-in user's bearer headers, filled in before the first test. */
  as: Record<User, Bearer>;
  /** Each signed-in user's session, as the login answered it. */
  sessions: Record<User, SessionData>;
}

/**
 * The setup every integration-test file shares: registers a `beforeAll` that creates the test
 * app and signs in `options.signIn`, and an `afterAll` that closes it. Register it before the
 * file's own hooks: `beforeAll` hooks run in order, `afterAll` hooks in reverse, so the file's own
 * setup sees a running app and its own clean-up runs before the app closes.
 *
 *   const { t, api, as: { admin, cashier } } = useTestApp({ signIn: ['admin', 'cashier'], api: 'admin' });
 */
export function useTestApp<User extends string = never>(
  options: UseTestAppOptions<User> = {},
): TestAppContext<User> {
  const { signIn = [], api: apiAs, ...appOptions } = options;
  let current: TestApp | undefined;
  const app = (): TestApp => {
    if (!current) throw new Error('the test app is not running: use `t` inside hooks and tests');
    return current;
  };
  // Fields read through to the running app; methods call it.
  const fields = ['app', 'reads', 'routes', 'principals', 'database', 'config', 'target'] as const;
  const t = Object.defineProperties(
    {
      inject: (o) => app().inject(o),
      login: (username, password) => app().login(username, password),
      bearer: (token) => app().bearer(token),
      close: () => app().close(),
    } satisfies Pick<TestApp, 'inject' | 'login' | 'bearer' | 'close'>,
    Object.fromEntries(fields.map((field) => [field, { get: () => app()[field] }])),
  ) as TestApp;

  const as = Object.fromEntries(signIn.map((user) => [user, { authorization: '' }])) as Record<
    User,
    Bearer
  >;
  const sessions = {} as Record<User, SessionData>;
  if (typeof apiAs === 'string' && !(apiAs in as))
    throw new Error(`api: ${apiAs} is not signed in`);
  const api = requestAs(t, typeof apiAs === 'string' ? as[apiAs] : apiAs);

  beforeAll(async () => {
    current = await createTestApp(appOptions);
    for (const user of signIn) {
      sessions[user] = await current.login(user);
      as[user].authorization = current.bearer(sessions[user].token).authorization;
    }
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return { t, api, as, sessions };
}

/**
 * `useTestApp` with the demo orders (and the refunds and customers behind them) seeded through
 * their services first: the app takes a while to start, so the file's hooks get three minutes.
 */
export function useDemoOrdersApp<User extends string = never>(
  options: Omit<UseTestAppOptions<User>, 'config'> = {},
): TestAppContext<User> {
  vi.setConfig({ hookTimeout: 180_000 });
  return useTestApp({ ...options, config: { demoOrders: true } });
}
