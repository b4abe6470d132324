import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { demoOutletIds, otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { anonymous, requestAs, withIdempotencyKey } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Tills: an outlet's named cash registers are added, renamed and deleted by whoever may edit the
// outlet; a till something was rung up on stays, and an outlet always keeps one.

let kl: string;
let other: Awaited<ReturnType<typeof otherTenant>>;

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager', 'cashier'] });
const { admin, manager, cashier } = as;

beforeAll(async () => {
  ({ kl } = await demoOutletIds(t));
  other = await otherTenant(t, 'tills-other');
});

async function newTill(outletId = kl, headers = admin) {
  const res = await api.post(
    '/api/tills',
    { outlet_id: outletId, name: `T-${randomUUID().slice(0, 6)}` },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string; outlet_id: string };
}

const auditsOf = (tillId: string) =>
  t.database.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'till'), eq(auditLog.entityId, tillId)));

describe('PUT /api/tills/:id', () => {
  it('renames a till, audits the change and lists it under the new name', async () => {
    const till = await newTill();
    const res = await api.put(`/api/tills/${till.id}`, { name: '  Drive-through  ' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: till.id, name: 'Drive-through' });
    const listed = (await api.get(`/api/tills?outlet_id=${kl}`, cashier)).json().data;
    expect(listed).toContainEqual(expect.objectContaining({ id: till.id, name: 'Drive-through' }));
    expect(await auditsOf(till.id)).toContainEqual({
      action: 'till.update',
      before: { name: till.name },
      after: { name: 'Drive-through' },
    });
    // Saving the same name again changes and audits nothing.
    expect(
      (await api.put(`/api/tills/${till.id}`, { name: 'Drive-through' }, admin)).statusCode,
    ).toBe(200);
    expect((await auditsOf(till.id)).filter((a) => a.action === 'till.update')).toHaveLength(1);
  });

  it('refuses a duplicate or empty name, a stranger, a cashier and another tenant', async () => {
    const till = await newTill();
    expectCode(
      await api.put(`/api/tills/${till.id}`, { name: 'Till 1' }, admin),
      409,
      'till_name_taken',
    );
    expectCode(
      await api.put(`/api/tills/${till.id}`, { name: ' ' }, admin),
      400,
      'validation_failed',
    );
    expectCode(
      await api.put(`/api/tills/${till.id}`, { name: 'X' }, anonymous),
      401,
      'unauthorized',
    );
    expectCode(await api.put(`/api/tills/${till.id}`, { name: 'X' }, cashier), 403, 'forbidden');
    expectCode(await api.put(`/api/tills/${till.id}`, { name: 'X' }, manager), 403, 'forbidden');
    expectCode(
      await api.put(`/api/tills/${till.id}`, { name: 'X' }, other.headers),
      404,
      'not_found',
    );
    expectCode(
      await api.put('/api/tills/not-a-uuid', { name: 'X' }, admin),
      400,
      'validation_failed',
    );
    const theirs = await newTill(other.outlet.id, other.headers);
    expectCode(await api.put(`/api/tills/${theirs.id}`, { name: 'Mine' }, admin), 404, 'not_found');
    const listed = (await api.get(`/api/tills?outlet_id=${other.outlet.id}`, other.headers)).json();
    expect(listed.data).toContainEqual(
      expect.objectContaining({ id: theirs.id, name: theirs.name }),
    );
  });
});

describe('DELETE /api/tills/:id', () => {
  it('deletes a till nothing was rung up on, and audits it', async () => {
    const till = await newTill();
    const res = await api.del(`/api/tills/${till.id}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: till.id, deleted: true });
    const listed = (await api.get(`/api/tills?outlet_id=${kl}`, admin)).json().data;
    expect(listed.map((x: { id: string }) => x.id)).not.toContain(till.id);
    expect(await auditsOf(till.id)).toContainEqual(
      expect.objectContaining({ action: 'till.delete', after: null }),
    );
    expectCode(await api.del(`/api/tills/${till.id}`, undefined, admin), 404, 'not_found');
  });

  it('keeps a till a shift was opened on', async () => {
    const till = await newTill();
    const opened = await requestAs(t).post(
      '/api/shifts',
      { till_id: till.id, float: {} },
      withIdempotencyKey(admin),
    );
    expect(opened.statusCode, opened.body).toBe(201);
    expectCode(await api.del(`/api/tills/${till.id}`, undefined, admin), 409, 'till_in_use');
  });

  it("keeps an outlet's last till, even when two deletes race", async () => {
    const { outlet } = await otherTenant(t, 'tills-last');
    const own = t.bearer((await t.login('tills-last-admin')).token);
    const [only] = (await api.get(`/api/tills?outlet_id=${outlet.id}`, own)).json().data;
    expectCode(await api.del(`/api/tills/${only.id}`, undefined, own), 409, 'till_last');
    const second = await newTill(outlet.id, own);
    const answers = await Promise.all([
      api.del(`/api/tills/${only.id}`, undefined, own),
      api.del(`/api/tills/${second.id}`, undefined, own),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await api.get(`/api/tills?outlet_id=${outlet.id}`, own)).json().data).toHaveLength(1);
  });

  it('refuses a stranger, a cashier, a manager and another tenant', async () => {
    const till = await newTill();
    expectCode(await api.del(`/api/tills/${till.id}`, undefined, anonymous), 401, 'unauthorized');
    expectCode(await api.del(`/api/tills/${till.id}`, undefined, cashier), 403, 'forbidden');
    expectCode(await api.del(`/api/tills/${till.id}`, undefined, manager), 403, 'forbidden');
    expectCode(await api.del(`/api/tills/${till.id}`, undefined, other.headers), 404, 'not_found');
    expect((await api.get(`/api/tills?outlet_id=${kl}`, admin)).json().data).toContainEqual(
      expect.objectContaining({ id: till.id }),
    );
  });
});
