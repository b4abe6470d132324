import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../db/database';
import { prepareDatabase } from '../db/setup';
import { createPasswordHasher } from '../lib/password';
import { createDatabaseTarget, TEMPLATE_ENV, testHashing } from './test-app';

// Runs once per `vitest run`: migrates and seeds one database, which every test app that wants
// the demo data then starts from. A fresh PGlite runs initdb, twenty migrations and the seed
// (several seconds each time); loading a dump of a prepared one, or cloning a PostgreSQL template
// database, is a fraction of that. Tests that want the demo orders have them seeded on it; those
// that need another start (no demo data, a database of their own) still prepare theirs.

const quiet = { warn: () => {}, info: () => {} };

export async function setup() {
  const target = await createDatabaseTarget();
  const database = await createDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    poolMax: 2,
  });
  let dumpFile: string | null = null;
  try {
    await prepareDatabase(database, {
      seedDemo: true,
      hasher: createPasswordHasher(testHashing),
      log: quiet,
    });
    if (database.dump) {
      dumpFile = path.join(os.tmpdir(), `kopi-test-template-${process.pid}.tar`);
      fs.writeFileSync(dumpFile, Buffer.from(await (await database.dump()).arrayBuffer()));
    }
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_ENV] = dumpFile ?? new URL(target.databaseUrl!).pathname.slice(1);

  return async () => {
    if (dumpFile) fs.rmSync(dumpFile, { force: true });
    else await target.drop();
  };
}
