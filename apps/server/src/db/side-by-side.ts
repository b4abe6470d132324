import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database';

type Reads = readonly (() => PromiseLike<unknown>)[];
type Answers<R extends Reads> = {
  -readonly [K in keyof R]: R[K] extends () => PromiseLike<infer A> ? A : never;
};

/**
 * Runs independent reads side by side on the pool (each on a client of its own), and one after
 * another when `db` is a transaction: a transaction holds one client, which node-postgres would
 * make queue the reads anyway, with a deprecation warning for each one queued.
 */
export async function sideBySide<const R extends Reads>(db: Db, reads: R): Promise<Answers<R>> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as Answers<R>;
  }
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers<R>;
}
