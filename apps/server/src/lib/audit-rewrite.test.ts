import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, rowsOf } from '../db/database';
import { auditLog } from '../db/schema/platform';
import { useTestApp } from '../test/use-test-app';

// Migration 0034 rewrites, once, the entries written before customers' names and phones left the
// audit log (decision 051). It is the one statement allowed to change the append-only log: it
// turns the trigger off inside its own transaction and back on before the commit.

const { t } = useTestApp({ seedDemo: false });

const MIGRATION = path.join(migrationsFolder, '0034_audit_personal_data.sql');
const statements = fs
  .readFileSync(MIGRATION, 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

/** Runs the migration's statements in one transaction, as the migrator does. */
const runMigration = () =>
  t.database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });

const triggerState = async () => {
  const result = await t.database.db.execute(
    sql`select tgenabled from pg_trigger where tgname = 'audit_log_append_only'`,
  );
  return rowsOf<{ tgenabled: string }>(result).map((r) => r.tgenabled);
};

const customerId = '7c1e0000-0000-4000-8000-000000000001';
const phone = '+60123458564';
const old = {
  signIn: { action: 'customer.sign_in', actorUsername: `customer:${phone}` },
  signUp: {
    action: 'customer.sign_up',
    actorUsername: `customer:${phone}`,
    after: { name: 'Siti Aminah', phone, email: 'siti@example.my', referred_by: 'r-1' },
  },
  counter: {
    action: 'customer.create',
    actorUsername: 'cashier',
    after: { name: 'Siti Aminah', phone, source: 'counter' },
  },
  update: {
    action: 'customer.update',
    actorUsername: 'admin',
    before: { name: 'Siti', email: null, birthday: '1990-01-01' },
    after: { name: 'Siti Aminah', email: null, birthday: '1990-01-02' },
  },
  // Not a customer's: a staff write naming a product stays as it was.
  staff: { action: 'product.update', actorUsername: 'admin', after: { name: 'Kopi Peng' } },
};
const ids: Record<keyof typeof old, string> = {} as never;

const entry = async (key: keyof typeof old) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.id, ids[key])))[0]!;

beforeAll(async () => {
  for (const [key, values] of Object.entries(old)) {
    const [row] = await t.database.db
      .insert(auditLog)
      .values({
        entity: key === 'staff' ? 'product' : 'customer',
        entityId: customerId,
        actorId: values.actorUsername.startsWith('customer:') ? customerId : null,
        ...values,
      })
      .returning({ id: auditLog.id });
    ids[key as keyof typeof old] = row!.id;
  }
  await runMigration();
});

describe('migration 0034', () => {
  it('names customers by id and masked phone and drops names, phones and e-mails', async () => {
    const masked = '+60•••••8564';
    expect(await entry('signIn')).toMatchObject({
      actorId: customerId,
      actorUsername: `customer:${masked}`,
    });
    expect(await entry('signUp')).toMatchObject({
      actorUsername: `customer:${masked}`,
      after: { phone: masked, referred_by: 'r-1' },
    });
    expect((await entry('signUp')).after).toEqual({ phone: masked, referred_by: 'r-1' });
    expect((await entry('counter')).after).toEqual({ phone: masked, source: 'counter' });
    const update = await entry('update');
    expect([update.before, update.after]).toEqual([null, { changed: ['name', 'birthday'] }]);
    expect((await entry('staff')).after).toEqual({ name: 'Kopi Peng' });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.id, Object.values(ids)));
    expect(JSON.stringify(rows)).not.toMatch(/Siti|123458564|siti@example/);
  });

  it('changes nothing when run again', async () => {
    const before = await t.database.db.select().from(auditLog).orderBy(auditLog.id);
    await runMigration();
    expect(await t.database.db.select().from(auditLog).orderBy(auditLog.id)).toEqual(before);
  });

  it('leaves the log append-only: the trigger is on and an ordinary UPDATE or DELETE is refused', async () => {
    expect(await triggerState()).toEqual(['O']);
    await expect(
      t.database.db
        .update(auditLog)
        .set({ actorUsername: `customer:${phone}` })
        .where(eq(auditLog.id, ids.signIn)),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only: UPDATE/) }),
    });
    await expect(
      t.database.db.delete(auditLog).where(eq(auditLog.id, ids.signIn)),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only: DELETE/) }),
    });
    expect((await entry('signIn')).actorUsername).toBe('customer:+60•••••8564');
  });
});
