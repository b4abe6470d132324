import { asc, eq, inArray } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { expect } from 'vitest';
import { users } from '../../db/schema/access';
import { notifications } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';
import { DEMO_PASSWORD } from '../../db/seed-data';
import { multipart, pngImage } from '../catalogue-fixtures';
import { demoBusinessSettings, newPassword, tenantBody, insertRow } from '../fixtures';
import { demoTenantId } from '../order-fixtures';
import type { TestAppContext } from '../use-test-app';
import { accessHelpers, n } from './access-fixtures';
import { twoTargets, type Drivers } from './walk';

// The signed-in user's own account (password, profile, two-step, sessions, notifications), the
// platform's tenants and the tenant's business settings.

export function accountDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t, api } = ctx;
  const { db, newStaff, signIn, platform, sessionIdOf, sessionsOf, usersById, auditsOf } =
    accessHelpers(ctx);

  const newTenant = (status: 'active' | 'suspended' = 'active') =>
    insertRow(t, tenants, { name: 'Reuse tenant', slug: `reuse-access-${n()}`, status });
  const tenantsById = (...ids: string[]) =>
    db()
      .select({ id: tenants.id, name: tenants.name, status: tenants.status })
      .from(tenants)
      .where(inArray(tenants.id, ids))
      .orderBy(asc(tenants.id));
  /** A notification addressed to the user alone. */
  const notify = async (userId: string) =>
    (
      await insertRow(t, notifications, {
        tenantId: await demoTenantId(t),
        userId,
        title: `Reuse ${n()}`,
      })
    ).id;
  const notificationsOf = async (headers: Record<string, string>) =>
    (await api.get('/api/notification', headers)).json().data;

  return {
    'POST /api/changepassword': async () => {
      const user = await newStaff();
      const headers = await signIn(user.username);
      await signIn(user.username);
      return {
        url: '/api/changepassword',
        first: { old_password: DEMO_PASSWORD, ...newPassword('Reuse@2468') },
        // Valid once the first has run: the password it set, then another.
        second: { old_password: 'Reuse@2468', ...newPassword('Reuse@1357') },
        effect: async () => [await usersById(user.id), await sessionsOf(user.id)],
        headers,
      };
    },
    'PUT /api/registrationdata/:id': async () => {
      const user = await newStaff();
      return {
        url: `/api/registrationdata/${user.id}`,
        first: { fullname: 'Reuse first name' },
        second: { fullname: 'Reuse second name' },
        effect: () => usersById(user.id),
        headers: await signIn(user.username),
      };
    },
    'POST /api/account/two-step/disable': async () => {
      const user = await newStaff();
      // Signed in first: with two-step on, signing in asks for a code.
      const headers = await signIn(user.username);
      await db()
        .update(users)
        .set({ twoStepEnabled: true, twoStepSecret: new Secret({ size: 20 }).base32 })
        .where(eq(users.id, user.id));
      return {
        url: '/api/account/two-step/disable',
        first: { password: DEMO_PASSWORD },
        // The password is the whole body and only one is right, and once off two-step cannot be
        // turned off again: run, this second would be refused with another code than 422.
        second: { password: 'Reuse@0000' },
        effect: async () => [
          await usersById(user.id),
          await auditsOf('user.two_step_disable', user.id),
        ],
        headers,
      };
    },
    'DELETE /api/account/sessions/:id': async () => {
      const user = await newStaff();
      const [one, two] = [await signIn(user.username), await signIn(user.username)];
      return {
        url: `/api/account/sessions/${await sessionIdOf(one)}`,
        secondUrl: `/api/account/sessions/${await sessionIdOf(two)}`,
        effect: () => sessionsOf(user.id),
        headers: await signIn(user.username),
      };
    },
    'POST /api/account/sessions/revoke-others': async () => {
      const user = await newStaff();
      const headers = await signIn(user.username);
      await signIn(user.username);
      return {
        url: '/api/account/sessions/revoke-others',
        // The route reads no body: an empty object is the only other request there is. The
        // first leaves no other session to end, so run again it would only add an audit entry.
        second: {},
        effect: async () => [
          await sessionsOf(user.id),
          await auditsOf('session.revoke_others', user.id),
        ],
        headers,
      };
    },
    'PUT /api/notification/read/:id': async () => {
      const user = await newStaff();
      const headers = await signIn(user.username);
      return twoTargets(
        () => notify(user.id),
        (id) => `/api/notification/read/${id}`,
        () => notificationsOf(headers),
        { headers },
      );
    },
    'POST /api/notification/read-all': async () => {
      const user = await newStaff();
      await notify(user.id);
      await notify(user.id);
      const headers = await signIn(user.username);
      return {
        url: '/api/notification/read-all',
        // The route reads no body, and the first leaves nothing unread: run again, this second
        // would change nothing, so the 422 is what tells it was refused.
        second: {},
        effect: () => notificationsOf(headers),
        headers,
      };
    },
    'POST /api/tenants': async () => {
      const [a, b] = [`reuse-access-${n()}`, `reuse-access-${n()}`];
      const create = (slug: string) => ({
        ...tenantBody(slug),
        first_admin: {
          username: `${slug}-admin`,
          fullname: 'Reuse Admin',
          password_setup: { method: 'temporary' },
        },
      });
      return {
        url: '/api/tenants',
        first: create(a),
        second: create(b),
        effect: () =>
          db()
            .select({ slug: tenants.slug })
            .from(tenants)
            .where(inArray(tenants.slug, [a, b]))
            .orderBy(asc(tenants.slug)),
        headers: await platform(),
      };
    },
    'PUT /api/tenants/:id': async () => {
      const tenant = await newTenant();
      return {
        url: `/api/tenants/${tenant.id}`,
        first: tenantBody(tenant.slug, 'Reuse renamed once'),
        second: tenantBody(tenant.slug, 'Reuse renamed twice'),
        effect: () => tenantsById(tenant.id),
        headers: await platform(),
      };
    },
    'POST /api/tenants/:id/suspend': async () =>
      twoTargets(
        newTenant,
        (a) => `/api/tenants/${a.id}/suspend`,
        (a, b) => tenantsById(a.id, b.id),
        { headers: await platform() },
      ),
    'POST /api/tenants/:id/activate': async () =>
      twoTargets(
        () => newTenant('suspended'),
        (a) => `/api/tenants/${a.id}/activate`,
        (a, b) => tenantsById(a.id, b.id),
        { headers: await platform() },
      ),
    'POST /api/tenants/:id/enter': async () => {
      const headers = await platform();
      return twoTargets(
        newTenant,
        (a) => `/api/tenants/${a.id}/enter`,
        async () => (await api.get('/api/tenants/context', headers)).json().data,
        { headers },
      );
    },
    'POST /api/tenants/leave': async () => {
      const headers = await platform();
      const entered = await api.post(
        `/api/tenants/${(await newTenant()).id}/enter`,
        undefined,
        headers,
      );
      expect(entered.statusCode, entered.body).toBe(200);
      return {
        url: '/api/tenants/leave',
        // The route reads no body: an empty one is the only other request there is.
        second: {},
        effect: async () => (await api.get('/api/tenants/context', headers)).json().data,
        headers,
      };
    },
    'PUT /api/tenant-settings': async () => ({
      url: '/api/tenant-settings',
      first: { ...demoBusinessSettings, receipt_footer: `Reuse footer ${n()}` },
      second: { ...demoBusinessSettings, receipt_footer: `Reuse footer ${n()}` },
      effect: async () => (await api.get('/api/tenant-settings')).json().data,
    }),
    'DELETE /api/tenant-settings/logo': async () => {
      const body = multipart(await pngImage(40, 40));
      const uploaded = await api.post('/api/tenant-settings/logo', body.payload, {
        ...ctx.as.admin,
        'content-type': body.contentType,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return {
        url: '/api/tenant-settings/logo',
        // The route reads no body, and the first leaves no logo: run again, this second would
        // change nothing, so the 422 is what tells it was refused.
        second: {},
        effect: async () => (await api.get('/api/tenant-settings')).json().data,
      };
    },
  };
}
