import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { demoPassword } from '../fixtures';
import { apiLogin } from './session';

export interface NewStaff {
  username: string;
  fullname: string;
  /** The built-in role's name: cashier, manager… */
  role: string;
  outletId: string;
}

/**
 * Makes a staff user through the API as an admin would, signing in with the demo password: the
 * temporary password a new user gets is changed at once, as their first sign-in would. Returns
 * the user's id.
 */
export async function createStaff(
  request: APIRequestContext,
  adminHeaders: Record<string, string>,
  person: NewStaff,
): Promise<string> {
  const optionsRes = await request.get('/api/users/options', { headers: adminHeaders });
  expect(optionsRes.status(), await optionsRes.text()).toBe(200);
  const { roles } = (await optionsRes.json()).data as { roles: { id: string; name: string }[] };
  const role = roles.find((r) => r.name === person.role);
  if (!role) throw new Error(`no role ${person.role}`);
  const temporary = `Temp@${randomUUID().slice(0, 8)}1`;
  const created = await request.post('/api/users', {
    headers: adminHeaders,
    data: {
      username: person.username,
      fullname: person.fullname,
      role_id: role.id,
      id_outlet: person.outletId,
      password_setup: { method: 'temporary', password: temporary },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const first = await apiLogin(request, person.username, temporary);
  const changed = await request.post('/api/changepassword', {
    headers: { authorization: `Bearer ${first.token}` },
    data: { old_password: temporary, password: demoPassword, password_confirmation: demoPassword },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return (await created.json()).data.id as string;
}
