import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engine, withDatabase } from '../test/test-app';
import { rowsOf } from './database';
import { executePrepared, runPrepared, statementName } from './prepared';
import { permissions } from './schema/access';

// Hot statements run as named prepared statements (decision 026): the same answers as before,
// and on PostgreSQL one statement per text, kept by the connection.

const migrated = { migrate: true };

describe('prepared statements', () => {
  it('answer as the same statement run plainly, with new values every time', async () => {
    await withDatabase(async ({ db }) => {
      const raw = (n: number) => sql`select ${n}::int * 2 as twice, ${`v${n}`}::text as label`;
      for (const n of [1, 2, 3, 4, 5, 6, 7]) {
        expect(rowsOf(await executePrepared(db, raw(n)))).toEqual(rowsOf(await db.execute(raw(n))));
      }
      await db.insert(permissions).values([
        { permission: 'zz-prepared-a', action: 'read', subject: 'a', area: 'test' },
        { permission: 'zz-prepared-b', action: 'update', subject: 'b', area: 'test' },
      ]);
      const byName = (name: string) =>
        db
          .select({ permission: permissions.permission, action: permissions.action })
          .from(permissions)
          .where(eq(permissions.permission, name))
          .orderBy(asc(permissions.permission));
      for (const name of ['zz-prepared-a', 'zz-prepared-b', 'zz-prepared-a', 'nothing']) {
        expect(await runPrepared(byName(name))).toEqual(await byName(name));
      }
    }, migrated);
  });

  it.runIf(engine === 'postgres')(
    'are kept by the connection under the hash of their text',
    async () => {
      await withDatabase(async ({ db }) => {
        const { kept, builderText } = await db.transaction(async (tx) => {
          const query = (n: number) => sql`select ${n}::int + 1 as next`;
          await executePrepared(tx, query(1));
          await executePrepared(tx, query(2)); // the same text: parsed once
          await executePrepared(tx, sql`select ${3}::int + 2 as next`);
          // A builder is named too (runPrepared sets the name drizzle keeps; 0.45's fields).
          const builder = () =>
            tx.select({ permission: permissions.permission }).from(permissions).limit(1);
          await runPrepared(builder());
          await runPrepared(builder());
          const rows = rowsOf<{ name: string }>(
            await tx.execute(sql`select name from pg_prepared_statements order by name`),
          );
          return { kept: rows.map((r) => r.name), builderText: builder().toSQL().sql };
        });
        expect(kept).toHaveLength(3);
        expect(kept).toContain(statementName('select $1::int + 1 as next'));
        expect(kept).toContain(statementName('select $1::int + 2 as next'));
        expect(kept).toContain(statementName(builderText));
      }, migrated);
    },
  );
});
