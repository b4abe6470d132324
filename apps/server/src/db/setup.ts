import type { PasswordHasher } from '../lib/password';
import { createDatabase, type Database, runMigrations } from './database';
import { DEMO_PASSWORD, demoUsers } from './seed-data';
import { isDatabaseEmpty, seedBase, seedDemo } from './seed';

export interface PrepareOptions {
  seedDemo: boolean;
  hasher: PasswordHasher;
  log: { warn(message: string): void; info(message: string): void };
}

/** Migrate, add reference data and, on an empty database with SEED_DEMO on, the demo data. */
export async function prepareDatabase(
  database: Database,
  options: PrepareOptions,
): Promise<{ demoSeeded: boolean }> {
  await runMigrations(database);
  await seedBase(database.db);
  if (!options.seedDemo || !(await isDatabaseEmpty(database.db))) return { demoSeeded: false };
  options.log.warn(
    `Seeding DEMO data (SEED_DEMO is on): users ${demoUsers.map((u) => u.username).join(', ')} with password ${DEMO_PASSWORD}. Do not use this database in production.`,
  );
  await seedDemo(database.db, options.hasher);
  return { demoSeeded: true };
}

/**
 * For command-line tools: opens the configured database (a small pool), migrated and with its
 * reference data, and closes it after `work` whatever happens.
 */
export async function withMigratedDatabase<T>(
  config: { databaseUrl?: string | undefined; dataDir: string },
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 2,
  });
  try {
    await runMigrations(database);
    await seedBase(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}
