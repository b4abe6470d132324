import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/fixtures';
import { createTestApp, type HttpMethod, type RequestHeaders } from '../test/test-app';
import { useTestApp } from '../test/use-test-app';
import { accessDeclarationProblem, anyOf, AUTHENTICATED } from './access';

// The route walk: every route declares its access; without a token every
// non-public route answers 401, and a signed-in user lacking the permission gets 403.

const extraRoutes = (routes: FastifyInstance) => {
  routes.get('/test/users', { config: { permission: 'read-user' } }, async () => ({
    data: 'users',
  }));
  routes.post('/test/tenants', { config: { permission: 'create-tenant' } }, async () => ({
    data: 1,
  }));
};

let noPermissionsToken: string;
const { t, api } = useTestApp({ extraRoutes });
beforeAll(async () => {
  await createUser(t, { username: 'nobody', tenantId: null, permissions: [] });
  noPermissionsToken = (await t.login('nobody')).token;
});

const concrete = (url: string) =>
  url.replace(/:[a-zA-Z_]+/g, randomUUID()).replace(/\*$/, 'anything');

/** Calls a route at a concrete path, with an empty body where the method takes one. */
const call = (route: { method: string; url: string }, headers?: RequestHeaders) =>
  api.send(
    route.method as HttpMethod,
    concrete(route.url),
    ['GET', 'HEAD'].includes(route.method) ? undefined : {},
    headers,
  );

describe('route walk', () => {
  it('knows the routes of the API', () => {
    const urls = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/refresh-token',
        'POST /api/logout',
        'POST /api/changepassword',
        'PUT /api/registrationdata/:id',
        'GET /api/app/settings',
        'GET /api/notification',
        'PUT /api/notification/read/:id',
        'POST /api/notification/read-all',
        'GET /api/health',
        'GET /api/docs/json',
      ]),
    );
    for (const route of t.routes) {
      const config = {
        ...(route.public ? { public: true } : {}),
        ...(route.permission ? { permission: route.permission } : {}),
        ...(route.bearer ? { bearer: route.bearer as 'refresh-token' } : {}),
      };
      expect(accessDeclarationProblem(config), `${route.method} ${route.url}`).toBeNull();
    }
  });

  it('answers 401 in the envelope on every non-public route without a token', async () => {
    const guarded = t.routes.filter((r) => !r.public);
    expect(guarded.length).toBeGreaterThanOrEqual(8);
    for (const route of guarded) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') {
        expect(res.json(), `${route.method} ${route.url}`).toEqual({
          code_message: 'unauthorized',
          message: 'Unauthorized access',
        });
      }
    }
  });

  it('answers 401 for a forged or expired-looking access token', async () => {
    const forged = `${noPermissionsToken.slice(0, -4)}AAAA`;
    for (const token of [forged, 'abc', '']) {
      const res = await api.get('/api/notification', { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 403 on every permission route for a user without that permission', async () => {
    const needPermission = t.routes.filter(
      (r) => r.permission !== null && r.permission !== AUTHENTICATED,
    );
    expect(needPermission.length).toBeGreaterThanOrEqual(2);
    for (const route of needPermission) {
      const res = await call(route, t.bearer(noPermissionsToken));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets a user holding the permission through', async () => {
    const admin = await t.login('admin');
    const ok = await api.get('/api/test/users', t.bearer(admin.token));
    expect(ok.statusCode).toBe(200);
    // Tenant admins never hold platform permissions.
    const platform = await api.post('/api/test/tenants', undefined, t.bearer(admin.token));
    expect(platform.statusCode).toBe(403);
    const superadmin = await t.login('superadmin');
    const allowed = await api.post('/api/test/tenants', undefined, t.bearer(superadmin.token));
    expect(allowed.statusCode).toBe(200);
  });
});

describe('declarations', () => {
  it('refuses to start with a route that declares nothing', async () => {
    await expect(
      createTestApp({
        extraRoutes: (routes) => {
          routes.get('/test/undeclared', async () => 'oops');
        },
      }),
    ).rejects.toThrow(/GET \/api\/test\/undeclared declares neither/);
  });

  it('rejects unknown permissions and double declarations', () => {
    expect(accessDeclarationProblem({ permission: 'fly-rocket' })).toMatch(/not in the permission/);
    expect(accessDeclarationProblem({ public: true, permission: 'read-user' })).toMatch(
      /more than one/,
    );
    expect(accessDeclarationProblem({ permission: AUTHENTICATED })).toBeNull();
    expect(accessDeclarationProblem({ permission: 'read-user' })).toBeNull();
    expect(accessDeclarationProblem({ permission: anyOf('read-user', 'create-pos') })).toBeNull();
    expect(accessDeclarationProblem({ permission: anyOf('read-user', 'fly-rocket') })).toMatch(
      /"fly-rocket", which is not in the permission/,
    );
    expect(accessDeclarationProblem({ bearer: 'refresh-token' })).toBeNull();
    expect(accessDeclarationProblem({})).toMatch(/neither/);
  });
});
