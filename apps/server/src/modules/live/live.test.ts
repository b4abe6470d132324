import { LIVE_REPLAY_LIMIT, LIVE_SESSION_ENDED } from '@kopi/contract';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/access';
import { outlets } from '../../db/schema/tenancy';
import { liveEvents } from '../../db/schema/live';
import { runHousekeeping } from '../../lib/housekeeping';
import { publishLiveEvent } from '../../lib/live-events';
import { createTenant, createUser, userByUsername } from '../../test/fixtures';
import { createTestApp, engine, requestAs, type TestApp } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';
import { connect } from './live-socket-fixtures';

// DESIGN §9 live events: token and outlet checked before the upgrade, increasing ids, `since`
// replay of exactly the missed events, fan-out between instances through NOTIFY.

let tenantId: string;
let klOutlet: string;
let penangOutlet: string;
let otherTenantOutlet: string;

const { t } = useTestApp();
beforeAll(async () => {
  const admin = await userByUsername(t, 'admin');
  tenantId = admin.tenantId!;
  const rows = await t.database.db.select().from(outlets).where(eq(outlets.tenantId, tenantId));
  klOutlet = rows.find((o) => o.code === 'KL01')!.id;
  penangOutlet = rows.find((o) => o.code === 'PG01')!.id;
  otherTenantOutlet = (await createTenant(t, 'other-live')).outlet.id;
});

async function publish(app: TestApp, outletId: string | null, idOrder: string, tenant = tenantId) {
  return app.database.db.transaction((tx) =>
    publishLiveEvent(tx, {
      tenantId: tenant,
      outletId,
      type: 'order.created',
      message: { id_order: idOrder, status: 'PENDING' },
    }),
  );
}

describe('GET /ws', () => {
  it('refuses a missing or bad token before the upgrade', async () => {
    const plain = await requestAs(t).get('/ws');
    expectCode(plain, 401, 'unauthorized');
    await expect(connect(t, 'token=nope')).rejects.toThrow('handshake 401');
    await expect(connect(t, '')).rejects.toThrow('handshake 401');
  });

  it("refuses another tenant's outlet and, for an outlet-bound user, another outlet", async () => {
    const admin = await t.login('admin');
    await expect(connect(t, `token=${admin.token}&outlet_id=${otherTenantOutlet}`)).rejects.toThrow(
      'handshake 404',
    );
    const cashier = await t.login('cashier');
    const cashierUser = await userByUsername(t, 'cashier');
    const elsewhere = cashierUser.idOutlet === klOutlet ? penangOutlet : klOutlet;
    await expect(connect(t, `token=${cashier.token}&outlet_id=${elsewhere}`)).rejects.toThrow(
      'handshake 404',
    );
  });

  it('answers 400 with code_message for an outlet_id that is not a UUID', async () => {
    const admin = await t.login('admin');
    const res = await requestAs(t).get(`/ws?token=${admin.token}&outlet_id=not-a-uuid`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code_message).toBeTruthy();
    await expect(connect(t, `token=${admin.token}&outlet_id=not-a-uuid`)).rejects.toThrow(
      'handshake 400',
    );
  });

  it('says hello, then streams events of the outlet with increasing ids', async () => {
    const admin = await t.login('admin');
    const c = await connect(t, `token=${admin.token}&outlet_id=${klOutlet}`);
    await c.waitFor((m) => m.some((x) => x.type === 'hello'));
    await publish(t, klOutlet, 'order-a');
    await publish(t, penangOutlet, 'order-elsewhere');
    await publish(t, klOutlet, 'order-b');
    await c.waitFor(() => c.events().length === 2);
    const events = c.events();
    expect(events.map((e) => (e.message as { id_order: string }).id_order)).toEqual([
      'order-a',
      'order-b',
    ]);
    expect(events[0]).toMatchObject({
      type: 'order.created',
      message: { id_order: 'order-a', status: 'PENDING', outlet_id: klOutlet },
    });
    expect(Number(events[1]!.event_id)).toBeGreaterThan(Number(events[0]!.event_id));
    c.ws.terminate();
  });

  it('sends nothing of another tenant, and all outlets to a tenant-wide user', async () => {
    const admin = await t.login('admin');
    const c = await connect(t, `token=${admin.token}`);
    await c.waitFor((m) => m.some((x) => x.type === 'hello'));
    const otherTenant = (
      await t.database.db.select().from(outlets).where(eq(outlets.id, otherTenantOutlet))
    )[0]!;
    await publish(t, otherTenantOutlet, 'foreign', otherTenant.tenantId);
    await publish(t, penangOutlet, 'pg');
    await publish(t, klOutlet, 'kl');
    await c.waitFor(() => c.events().length === 2);
    expect(c.events().map((e) => (e.message as { id_order: string }).id_order)).toEqual([
      'pg',
      'kl',
    ]);
    c.ws.terminate();
  });

  it('replays exactly the events missed since the last id, then continues live', async () => {
    const admin = await t.login('admin');
    const first = await publish(t, klOutlet, 'seen');
    await publish(t, klOutlet, 'missed-1');
    await publish(t, penangOutlet, 'not-mine');
    await publish(t, klOutlet, 'missed-2');
    const c = await connect(t, `token=${admin.token}&outlet_id=${klOutlet}&since=${first}`);
    await c.waitFor(() => c.events().length === 2);
    await publish(t, klOutlet, 'live-after');
    await c.waitFor(() => c.events().length === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(c.events().map((e) => (e.message as { id_order: string }).id_order)).toEqual([
      'missed-1',
      'missed-2',
      'live-after',
    ]);
    expect(c.messages[0]).toMatchObject({ type: 'hello' });
    c.ws.terminate();
  });

  it('closes the socket of a session that has ended, at the next heartbeat', async () => {
    const local = await createTestApp({ config: { liveHeartbeatMs: 50 } });
    try {
      const session = await local.login('admin');
      const { ws } = await connect(local, `token=${session.token}`);
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      const logout = await requestAs(local, local.bearer(session.token)).post('/api/logout');
      expect(logout.statusCode).toBe(200);
      expect(await closed).toBe(4401);
    } finally {
      await local.close();
    }
  });
});

describe('what a socket may see is re-checked on every heartbeat', () => {
  it('closes with 4409 when the user is moved to another outlet', async () => {
    const local = await createTestApp({ config: { liveHeartbeatMs: 50 } });
    try {
      const admin = await userByUsername(local, 'admin');
      const rows = await local.database.db
        .select()
        .from(outlets)
        .where(eq(outlets.tenantId, admin.tenantId!));
      const kl = rows.find((o) => o.code === 'KL01')!.id;
      const pgOutlet = rows.find((o) => o.code === 'PG01')!.id;
      const barista = await createUser(local, {
        username: 'moving-barista',
        tenantId: admin.tenantId!,
        permissions: [],
        outletId: kl,
      });
      const session = await local.login('moving-barista');
      const { ws } = await connect(local, `token=${session.token}`);
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await local.database.db
        .update(users)
        .set({ idOutlet: pgOutlet })
        .where(eq(users.id, barista.id));
      expect(await closed).toBe(4409);
    } finally {
      await local.close();
    }
  });
});

describe('an ended session closes its socket at once, not at the next heartbeat', () => {
  // The heartbeat is ten minutes here, so only the session.ended event can close a socket in time.
  const slowHeartbeat = { config: { liveHeartbeatMs: 600_000 } };

  /** The close code, or 'open' when the socket is still open after `ms`. */
  const closeCode = (ws: WebSocket, ms = 3000) =>
    new Promise<number | 'open'>((resolve) => {
      const timer = setTimeout(() => resolve('open'), ms);
      ws.on('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });

  const noSessionEnded = (messages: Record<string, unknown>[]) =>
    expect(messages.filter((m) => m.type === LIVE_SESSION_ENDED)).toEqual([]);

  it("disabling a user closes their socket with 4401; a colleague's on the outlet stays open and never sees it", async () => {
    const local = await createTestApp(slowHeartbeat);
    try {
      const admin = await userByUsername(local, 'admin');
      const kl = (
        await local.database.db.select().from(outlets).where(eq(outlets.tenantId, admin.tenantId!))
      ).find((o) => o.code === 'KL01')!.id;
      const doomed = await createUser(local, {
        username: 'doomed-barista',
        tenantId: admin.tenantId!,
        permissions: [],
        outletId: kl,
      });
      await createUser(local, {
        username: 'staying-barista',
        tenantId: admin.tenantId!,
        permissions: [],
        outletId: kl,
      });
      const adminSession = await local.login('admin');
      const gone = await connect(local, `token=${(await local.login('doomed-barista')).token}`);
      const staying = await local.login('staying-barista');
      const stays = await connect(local, `token=${staying.token}`);
      for (const c of [gone, stays]) await c.waitFor((m) => m.some((x) => x.type === 'hello'));
      const before = await publish(local, kl, 'before', admin.tenantId!);
      await stays.waitFor(() => stays.events().length === 1);

      const goneClose = closeCode(gone.ws);
      const started = Date.now();
      const res = await requestAs(local, local.bearer(adminSession.token)).post(
        `/api/users/${doomed.id}/disable`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await goneClose).toBe(4401);
      expect(Date.now() - started).toBeLessThan(3000);

      await publish(local, kl, 'after', admin.tenantId!);
      await stays.waitFor(() => stays.events().length === 2);
      expect(stays.events().map((e) => (e.message as { id_order: string }).id_order)).toEqual([
        'before',
        'after',
      ]);
      noSessionEnded(stays.messages);
      expect(stays.ws.readyState).toBe(WebSocket.OPEN);

      // A reconnect replaying past the revocation gets the orders only and stays open.
      const replayed = await connect(local, `token=${staying.token}&since=${before}`);
      await replayed.waitFor(() => replayed.events().length === 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(replayed.events()).toEqual([
        expect.objectContaining({ message: expect.objectContaining({ id_order: 'after' }) }),
      ]);
      noSessionEnded(replayed.messages);
      expect(replayed.ws.readyState).toBe(WebSocket.OPEN);
      // The event is in the table for other instances' catch-up, naming the ended session.
      const [row] = await local.database.db
        .select()
        .from(liveEvents)
        .where(eq(liveEvents.type, LIVE_SESSION_ENDED))
        .orderBy(sql`${liveEvents.id} desc`)
        .limit(1);
      expect(row).toMatchObject({ tenantId: admin.tenantId, outletId: null });
      expect((row!.message as { session_ids: string[] }).session_ids).toHaveLength(1);
      stays.ws.terminate();
      replayed.ws.terminate();
    } finally {
      await local.close();
    }
  });

  it("revoking one session closes only that session's socket", async () => {
    const local = await createTestApp(slowHeartbeat);
    try {
      const admin = await userByUsername(local, 'admin');
      const manager = await createUser(local, {
        username: 'two-tab-manager',
        tenantId: admin.tenantId!,
        permissions: [],
      });
      const adminSession = await local.login('admin');
      const first = await connect(local, `token=${(await local.login('two-tab-manager')).token}`);
      const second = await connect(local, `token=${(await local.login('two-tab-manager')).token}`);
      for (const c of [first, second]) await c.waitFor((m) => m.some((x) => x.type === 'hello'));
      const [firstSession] = await local.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, manager.id))
        .orderBy(asc(sessions.createdAt))
        .limit(1);

      const firstClose = closeCode(first.ws);
      const secondClose = closeCode(second.ws, 500);
      const res = await requestAs(local, local.bearer(adminSession.token)).del(
        `/api/users/${manager.id}/sessions/${firstSession!.id}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await firstClose).toBe(4401);
      expect(await secondClose).toBe('open');
      noSessionEnded(second.messages);
      second.ws.terminate();
    } finally {
      await local.close();
    }
  });
});

describe('replay limits', () => {
  it('says replay_truncated (and replays nothing) when more was missed than a replay sends', async () => {
    const admin = await t.login('admin');
    const since = await publish(t, klOutlet, 'before-the-flood');
    await t.database.db.insert(liveEvents).values(
      Array.from({ length: LIVE_REPLAY_LIMIT + 1 }, (_, i) => ({
        tenantId,
        outletId: klOutlet,
        type: 'order.created',
        message: { id_order: `flood-${i}` },
      })),
    );
    const c = await connect(t, `token=${admin.token}&outlet_id=${klOutlet}&since=${since}`);
    await c.waitFor((m) => m.some((x) => x.type === 'replay_truncated'));
    const hello = c.messages.find((m) => m.type === 'hello')!;
    const truncated = c.messages.find((m) => m.type === 'replay_truncated')!;
    expect(truncated.last_event_id).toBe(hello.last_event_id);
    // The stream goes on from there.
    await publish(t, klOutlet, 'after-the-flood');
    await c.waitFor(() => c.events().length === 1);
    expect(c.events()[0]).toMatchObject({ message: { id_order: 'after-the-flood' } });
    c.ws.terminate();
  });

  it('prunes events older than a week, and a replay from a pruned id says replay_truncated', async () => {
    const other = await createTenant(t, 'pruned-live');
    await createUser(t, { username: 'pruned-admin', tenantId: other.tenant.id, permissions: [] });
    const [old] = await t.database.db
      .insert(liveEvents)
      .values({
        tenantId: other.tenant.id,
        outletId: other.outlet.id,
        type: 'order.created',
        message: { id_order: 'old' },
        createdAt: sql`now() - interval '8 days'`,
      })
      .returning();
    const recent = await publish(t, other.outlet.id, 'recent', other.tenant.id);
    await runHousekeeping(t.database.db);
    const left = await t.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.tenantId, other.tenant.id));
    expect(left.map((r) => r.id)).toEqual([recent]);

    const session = await t.login('pruned-admin');
    const c = await connect(t, `token=${session.token}&since=${old!.id}`);
    await c.waitFor((m) => m.some((x) => x.type === 'replay_truncated'));
    expect(c.events()).toEqual([]);
    // From an id still kept, the replay is exact.
    await publish(t, other.outlet.id, 'newer', other.tenant.id);
    const d = await connect(t, `token=${session.token}&since=${recent}`);
    await d.waitFor(() => d.events().length === 1);
    expect(d.events()[0]).toMatchObject({ message: { id_order: 'newer' } });
    expect(d.messages.some((m) => m.type === 'replay_truncated')).toBe(false);
    c.ws.terminate();
    d.ws.terminate();
  });
});

describe.runIf(engine === 'postgres')('the PostgreSQL listener', () => {
  it('re-reads what was committed while it was reconnecting', async () => {
    const admin = await t.login('admin');
    const c = await connect(t, `token=${admin.token}&outlet_id=${klOutlet}`);
    await c.waitFor((m) => m.some((x) => x.type === 'hello'));
    // Cut the listener's connection (as a database restart would), then commit at once: the
    // NOTIFY goes to nobody, and only the catch-up after the reconnect can deliver it.
    const admin2 = new pg.Client({ connectionString: t.target.databaseUrl });
    await admin2.connect();
    try {
      const { rowCount } = await admin2.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'kopi-live-listener'`,
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin2.end();
    }
    await publish(t, klOutlet, 'during-reconnect');
    await c.waitFor(() => c.events().length === 1, 8000);
    expect(c.events()[0]).toMatchObject({ message: { id_order: 'during-reconnect' } });
    await publish(t, klOutlet, 'after-reconnect');
    await c.waitFor(() => c.events().length === 2, 3000);
    c.ws.terminate();
  });
});

describe.runIf(engine === 'postgres')('two instances on one PostgreSQL', () => {
  it('each delivers an event committed through the other', async () => {
    const second = await createTestApp({ target: t.target, seedDemo: false });
    try {
      const onFirst = await connect(t, `token=${(await t.login('admin')).token}`);
      const onSecond = await connect(second, `token=${(await second.login('admin')).token}`);
      await onFirst.waitFor((m) => m.some((x) => x.type === 'hello'));
      await onSecond.waitFor((m) => m.some((x) => x.type === 'hello'));
      await publish(second, klOutlet, 'via-second');
      await publish(t, klOutlet, 'via-first');
      for (const c of [onFirst, onSecond]) {
        await c.waitFor(() => c.events().length === 2);
        expect(c.events().map((e) => (e.message as { id_order: string }).id_order)).toEqual([
          'via-second',
          'via-first',
        ]);
      }
    } finally {
      await second.close();
    }
  });
});
