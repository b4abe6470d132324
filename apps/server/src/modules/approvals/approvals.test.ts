import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalAction } from '@kopi/contract';
import { sessions, users } from '../../db/schema/access';
import { approvals, pinAttempts } from '../../db/schema/approvals';
import { DEMO_PASSWORD } from '../../db/seed-data';
import { AppError } from '../../lib/errors';
import { createPasswordHasher } from '../../lib/password';
import { loadPrincipal } from '../../lib/principal';
import type { AuthedContext } from '../../lib/request-context';
import { demoOutletIds, otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { createUser, auditsOf, newestRow } from '../../test/fixtures';
import { testClock } from '../../test/order-fixtures';
import { anonymous, engine } from '../../test/test-app';
import { testHashing } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { createApprovalService, pinWaitMs } from './approvals.service';

// A manager's PIN at the till: set in account settings with the password, listed to the POS as
// an approver of the actions the manager's role may do, and checked by `verify` with failures
// throttled per approver and device and the PIN locked after ten in a row.

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager', 'cashier', 'finance'] });
const { admin, manager, cashier, finance } = as;
let kl: string;
let pg: string;
const clock = testClock('2026-06-10T04:00:00Z');
let seq = 0;
const n = () => ++seq;

beforeAll(async () => {
  ({ kl, pg } = await demoOutletIds(t));
});

const setPin = (headers: { authorization: string }, pin: string, password = DEMO_PASSWORD) =>
  api.put('/api/account/pin', { pin, pin_confirm: pin, old_password: password }, headers);

async function userId(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row!.id;
}

/** The signed-in user's context as the routes build it. */
async function contextOf(username: string): Promise<AuthedContext> {
  const id = await userId(username);
  const session = await newestRow(t, sessions, sessions.userId, id);
  const principal = await loadPrincipal(t.database.db, session!.id, id);
  return { principal: principal!, ip: '127.0.0.1', userAgent: null, requestId: 'r' };
}

const service = () =>
  createApprovalService({
    db: t.database.db,
    hasher: createPasswordHasher(testHashing),
    now: clock.now,
  });

/** The error code `fn` fails with. */
async function refusal(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'passed';
}

describe('PUT /api/account/pin', () => {
  it('sets a PIN with the password, says so, unlocks it and audits without the PIN', async () => {
    expect((await api.get('/api/account/pin', finance)).json().data).toMatchObject({
      has_pin: false,
      locked: false,
    });
    const res = await setPin(finance, '583920');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ has_pin: true, locked: false });
    const [row] = await t.database.db
      .select({ pinHash: users.pinHash })
      .from(users)
      .where(eq(users.username, 'finance'));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    const [entry] = await auditsOf(t, 'user.pin_set', await userId('finance'));
    expect(JSON.stringify(entry)).not.toContain('583920');

    const removed = await api.del('/api/account/pin', undefined, finance);
    expect(removed.json().data).toMatchObject({ has_pin: false });
  });

  it('refuses a wrong password, a PIN of 3 or 7 digits, letters, two different PINs, no token', async () => {
    expectCode(await setPin(finance, '1234', 'not-my-password'), 400, 'old_password_incorrect');
    for (const pin of ['123', '1234567', '12a4', '']) {
      expectCode(await setPin(finance, pin), 400, 'validation_failed');
    }
    // 4 and 6 digits are the limits, both taken.
    expect((await setPin(finance, '0000')).statusCode).toBe(200);
    expect((await setPin(finance, '000000')).statusCode).toBe(200);
    const mismatch = await api.put(
      '/api/account/pin',
      { pin: '1234', pin_confirm: '1235', old_password: DEMO_PASSWORD },
      finance,
    );
    expectCode(mismatch, 400, 'validation_failed');
    expect((await api.put('/api/account/pin', {}, anonymous)).statusCode).toBe(401);
    expect((await api.get('/api/account/pin', anonymous)).statusCode).toBe(401);
    await api.del('/api/account/pin', undefined, finance);
  });
});

describe('GET /api/approvers', () => {
  it('lists staff with a PIN and the permission who reach the outlet, never the caller', async () => {
    await setPin(manager, '2468');
    await setPin(admin, '1357');
    const forCashier = (action: ApprovalAction, outlet = kl) =>
      api.get(`/api/approvers?outlet_id=${outlet}&action=${action}`, cashier);
    const names = async (action: ApprovalAction, outlet = kl) =>
      ((await forCashier(action, outlet)).json().data as { id: string }[]).map((a) => a.id);
    const [adminId, managerId] = [await userId('admin'), await userId('manager')];
    // The manager holds close-variance-shift, void-order, discount-order and approve-refund.
    for (const action of ['shift_variance', 'order_void', 'manual_discount', 'refund'] as const) {
      expect(await names(action)).toEqual(expect.arrayContaining([adminId, managerId]));
    }
    // At Penang the cashier is a stranger (404); the admin lists there without the KL manager.
    expectCode(await forCashier('no_sale', pg), 404, 'not_found');
    const atPenang = await api.get(`/api/approvers?outlet_id=${pg}&action=no_sale`, admin);
    const penangIds = (atPenang.json().data as { id: string }[]).map((a) => a.id);
    expect(penangIds).not.toContain(managerId);
    expect(penangIds).not.toContain(adminId);
    // The manager does not see themself.
    const own = await api.get(`/api/approvers?outlet_id=${kl}&action=no_sale`, manager);
    expect((own.json().data as { id: string }[]).map((a) => a.id)).not.toContain(managerId);
  });

  it('refuses a bad action (400), finance (403), no token (401), another tenant (404)', async () => {
    expectCode(
      await api.get(`/api/approvers?outlet_id=${kl}&action=anything`, cashier),
      400,
      'validation_failed',
    );
    expect(
      (await api.get(`/api/approvers?outlet_id=${kl}&action=no_sale`, finance)).statusCode,
    ).toBe(403);
    expect(
      (await api.get(`/api/approvers?outlet_id=${kl}&action=no_sale`, anonymous)).statusCode,
    ).toBe(401);
    const other = await otherTenant(t, 'approvers-other');
    expectCode(
      await api.get(`/api/approvers?outlet_id=${kl}&action=no_sale`, other.headers),
      404,
      'not_found',
    );
  });
});

describe('verify: a PIN approval', () => {
  it('needs none for whoever holds the permission; the cashier needs one', async () => {
    const s = service();
    expect(
      await s.verify(await contextOf('manager'), { action: 'no_sale', outletId: kl }),
    ).toBeNull();
    expect(
      await refusal(async () =>
        s.verify(await contextOf('cashier'), { action: 'no_sale', outletId: kl }),
      ),
    ).toBe('approval_required');
  });

  it('approves with the right PIN and records who asked and who approved', async () => {
    await setPin(manager, '2468');
    const s = service();
    const ctx = await contextOf('cashier');
    const device = `device-${randomUUID()}`;
    const managerId = await userId('manager');
    const verified = await s.verify(ctx, {
      action: 'no_sale',
      outletId: kl,
      approval: { approver_id: managerId, pin: '2468', device_id: device },
    });
    expect(verified).toMatchObject({ approverId: managerId, action: 'no_sale' });
    const subject = randomUUID();
    const id = await t.database.db.transaction((tx) =>
      s.record(tx, ctx, verified, subject, { reason: 'give_change' }),
    );
    const [row] = await t.database.db.select().from(approvals).where(eq(approvals.id, id!));
    expect(row).toMatchObject({
      action: 'no_sale',
      subjectId: subject,
      requestedBy: await userId('cashier'),
      approvedBy: managerId,
      deviceId: device,
    });
  });

  it('refuses self-approval, and an approver without the permission or the outlet', async () => {
    await setPin(manager, '2468');
    await setPin(finance, '9753');
    const s = service();
    const managerId = await userId('manager');
    const as = async (
      username: string,
      approverId: string,
      action: ApprovalAction,
      outletId = kl,
    ) =>
      refusal(async () =>
        s.verify(await contextOf(username), {
          action,
          outletId,
          approval: { approver_id: approverId, pin: '2468', device_id: 'till-device-1' },
        }),
      );
    expect(await as('cashier', await userId('cashier'), 'no_sale')).toBe('approval_self');
    // Finance holds none of the till permissions.
    expect(await as('cashier', await userId('finance'), 'no_sale')).toBe('approver_not_allowed');
    // The KL manager cannot approve at Penang.
    expect(await as('cashier', managerId, 'no_sale', pg)).toBe('approver_not_allowed');
    // Another tenant's user is nobody here.
    const other = await otherTenant(t, 'approvals-verify');
    const stranger = await createUser(t, {
      username: 'approvals-verify-manager',
      tenantId: other.tenant.id,
      permissions: ['close-variance-shift'],
    });
    expect(await as('cashier', stranger.id, 'no_sale')).toBe('approver_not_allowed');
    await api.del('/api/account/pin', undefined, finance);
  });

  it('throttles a device after 3 wrong PINs and locks the PIN at the 10th in a row', async () => {
    await setPin(manager, '2468');
    const s = service();
    const managerId = await userId('manager');
    const tryPin = async (pin: string, deviceId: string) =>
      refusal(async () =>
        s.verify(await contextOf('cashier'), {
          action: 'no_sale',
          outletId: kl,
          approval: { approver_id: managerId, pin, device_id: deviceId },
        }),
      );
    // The rule: 3 free tries, then 30 s doubling to a cap of 5 minutes.
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(pinWaitMs)).toEqual([
      0, 0, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    const a = `device-a-${randomUUID()}`;
    expect(await tryPin('0001', a)).toBe('pin_wrong');
    expect(await tryPin('0002', a)).toBe('pin_wrong');
    expect(await tryPin('0003', a)).toBe('pin_wrong');
    // The 4th try on this device waits, even with the right PIN; another device does not.
    expect(await tryPin('2468', a)).toBe('pin_throttled');
    const b = `device-b-${randomUUID()}`;
    expect(await tryPin('2468', b)).toBe('passed');
    // A right PIN ended the run: ten more wrong ones, spread over devices, lock it at the 10th.
    const codes: string[] = [];
    for (let i = 0; i < 10; i++)
      codes.push(await tryPin('1111', `device-${i % 5}-${randomUUID()}`));
    expect(codes.slice(0, 9)).toEqual(Array(9).fill('pin_wrong'));
    expect(codes[9]).toBe('pin_locked');
    expect(await tryPin('2468', `device-c-${randomUUID()}`)).toBe('pin_locked');
    expect((await api.get('/api/account/pin', manager)).json().data.locked).toBe(true);
    const [lock] = await auditsOf(t, 'user.pin_locked', managerId);
    expect(lock).toBeDefined();
    // Setting it again unlocks it.
    await setPin(manager, '8642');
    expect(await tryPin('8642', `device-d-${randomUUID()}`)).toBe('passed');
  });

  it('lets the throttled device try again once the wait has passed', async () => {
    await setPin(manager, '2468');
    const s = service();
    const managerId = await userId('manager');
    const device = `device-wait-${randomUUID()}`;
    const tryPin = async (pin: string) =>
      refusal(async () =>
        s.verify(await contextOf('cashier'), {
          action: 'refund',
          outletId: kl,
          approval: { approver_id: managerId, pin, device_id: device },
        }),
      );
    for (const pin of ['0001', '0002', '0003']) expect(await tryPin(pin)).toBe('pin_wrong');
    expect(await tryPin('2468')).toBe('pin_throttled');
    clock.set(new Date(clock.now().getTime() + 30_000).toISOString());
    expect(await tryPin('2468')).toBe('passed');
  });
});

describe.runIf(engine === 'postgres')('wrong PINs at once on PostgreSQL', () => {
  it('counts every PIN it checks and locks the PIN once, with one audit entry', async () => {
    await setPin(manager, '2468');
    const s = service();
    const managerId = await userId('manager');
    const ctx = await contextOf('cashier');
    const locksOf = () => auditsOf(t, 'user.pin_locked', managerId);
    const earlier = (await locksOf()).length;
    // Twelve wrong PINs from twelve devices at the same moment: the rule locks at the 10th.
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        refusal(() =>
          s.verify(ctx, {
            action: 'no_sale',
            outletId: kl,
            approval: { approver_id: managerId, pin: '0000', device_id: `race-device-${i}-${n()}` },
          }),
        ),
      ),
    );
    expect(codes.every((c) => c === 'pin_wrong' || c === 'pin_locked')).toBe(true);
    expect(codes.filter((c) => c === 'pin_locked').length).toBeGreaterThanOrEqual(1);
    expect((await locksOf()).length - earlier).toBe(1);
    const [attempts] = await t.database.db
      .select({ total: sql<number>`coalesce(sum(${pinAttempts.failures}), 0)::int` })
      .from(pinAttempts)
      .where(eq(pinAttempts.userId, managerId));
    // Every PIN that was checked counts: each pin_wrong and the one that locked. A PIN that
    // arrives once the lock is set is refused unchecked (pin_locked) and adds nothing.
    const wrong = codes.filter((c) => c === 'pin_wrong').length;
    expect(Number(attempts!.total)).toBe(wrong + 1);
    expect(Number(attempts!.total)).toBeGreaterThanOrEqual(10);
    expect((await api.get('/api/account/pin', manager)).json().data.locked).toBe(true);
    await setPin(manager, '2468');
  });
});
