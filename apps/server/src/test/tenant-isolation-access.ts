import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { outbox } from '../db/schema/platform';
import { pngImage } from './catalogue-fixtures';
import type { TestApp } from './test-app';
import type { Answer, Headers, Requests, ScenarioSend } from './tenant-isolation-send';

// The tenant-isolation scenario's part for staff access, as tenant A: users, roles and their
// sessions as the admin, then one user's own account (profile, sessions, avatar, two-step
// sign-in, password change, forgotten password and sign-out).

interface ScenarioKit {
  /** The admin's requests. */
  a: Requests;
  as: (headers: Headers) => Requests;
  send: ScenarioSend;
  upload: (headers: Headers, url: string, file: Buffer) => Answer;
}

export async function accessPart(
  t: TestApp,
  { a, as, send, upload }: ScenarioKit,
  refs: { outletId: string },
) {
  // ---- Users, roles, sessions ------------------------------------------------------------------
  await a.get('/api/users?q=a&sort=-last_sign_in_at');
  await a.get('/api/users/options');
  const role = (
    await a.post('/api/roles', { name: 'Iso role', permissions: ['read-dashboard', 'read-order'] })
  ).data as { id: string };
  await a.get('/api/roles?q=iso');
  await a.get(`/api/roles/${role.id}`);
  await a.put(`/api/roles/${role.id}`, { name: 'Iso role', permissions: ['read-dashboard'] });
  const spareRole = (await a.post('/api/roles', { name: 'Iso spare', permissions: [] })).data as {
    id: string;
  };
  await a.del(`/api/roles/${spareRole.id}`);
  const created = (
    await a.post('/api/users', {
      username: 'iso-staff',
      fullname: 'Iso Staff',
      email: 'iso@kopi-demo.my',
      role_id: role.id,
      id_outlet: refs.outletId,
      password_setup: { method: 'temporary', password: 'Iso@12345678' },
    })
  ).data as { id: string };
  await a.post('/api/users', {
    username: 'iso-mailed',
    fullname: 'Iso Mailed',
    email: 'iso-mailed@kopi-demo.my',
    role_id: role.id,
    id_outlet: null,
    password_setup: { method: 'email' },
  });
  await a.get(`/api/users/${created.id}`);
  await a.put(`/api/users/${created.id}`, {
    username: 'iso-staff',
    fullname: 'Iso Staff 2',
    email: 'iso@kopi-demo.my',
    role_id: role.id,
    id_outlet: refs.outletId,
  });
  const staff = await t.login('iso-staff', 'Iso@12345678');
  const staffSessions = (await a.get(`/api/users/${created.id}/sessions`)).data as { id: string }[];
  await a.del(`/api/users/${created.id}/sessions/${staffSessions[0]!.id}`);
  await t.login('iso-staff', 'Iso@12345678');
  await a.post(`/api/users/${created.id}/sessions/revoke-all`);
  await a.post(`/api/users/${created.id}/reset-password`, { method: 'email' });
  await a.post(`/api/users/${created.id}/reset-password`, { method: 'temporary' });
  await a.post(`/api/users/${created.id}/disable`);
  await a.post(`/api/users/${created.id}/enable`);
  await a.get(`/api/users/${created.id}/activity`);
  const fresh = (
    await a.post('/api/users', {
      username: 'iso-fresh',
      fullname: 'Iso Fresh',
      role_id: role.id,
      id_outlet: null,
      password_setup: { method: 'temporary' },
    })
  ).data as { id: string };
  await a.del(`/api/users/${fresh.id}`);
  void staff;

  // ---- The signed-in user's own account --------------------------------------------------------
  const own = await t.login('finance');
  const me = as(t.bearer(own.token));
  await me.get('/api/app/settings');
  await me.put(`/api/registrationdata/${own.id}`, { fullname: own.fullname, language: 'en' });
  await me.get('/api/account/sessions');
  const other = await t.login('finance');
  const mine = (await me.get('/api/account/sessions')).data as { id: string; current: boolean }[];
  await me.del(`/api/account/sessions/${mine.find((s) => !s.current)!.id}`);
  void other;
  await t.login('finance');
  await me.post('/api/account/sessions/revoke-others');
  await upload(t.bearer(own.token), '/api/account/avatar', await pngImage(40, 40));
  const setup = (await me.post('/api/account/two-step/setup')).data as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(setup.secret), digits: 6, period: 30 });
  const enabled = (await me.post('/api/account/two-step/enable', { code: totp.generate() }))
    .data as { recovery_codes: string[] };
  const challenge = await t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'finance', password: 'Kopi@1234' },
  });
  const challengeToken = challenge.json().data.challenge_token as string;
  await send({}, 'POST', '/api/two-steps', {
    challenge_token: challengeToken,
    code: enabled.recovery_codes[0],
  });
  await me.post('/api/account/two-step/disable', { password: 'Kopi@1234' });
  const refreshed = await send({}, 'POST', '/api/refresh-token', undefined, {
    authorization: `Bearer ${own.refresh_token}`,
  });
  const current = as(t.bearer(refreshed.data.token as string));
  await current.post('/api/changepassword', {
    old_password: 'Kopi@1234',
    password: 'Iso@87654321',
    password_confirmation: 'Iso@87654321',
  });
  await send({}, 'POST', '/api/forgot-password', { username: 'finance' });
  const [mail] = await t.database.db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.kind, 'password_reset'), eq(outbox.toAddress, 'finance@kopi-demo.my')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const resetToken = /token=([^\s&]+)/.exec(mail!.text ?? '')![1]!;
  await send({}, 'POST', '/api/reset-password', {
    token: decodeURIComponent(resetToken),
    password: 'Kopi@1234',
    password_confirmation: 'Kopi@1234',
  });
  const last = await t.login('finance');
  await send(t.bearer(last.token), 'POST', '/api/logout');
}
