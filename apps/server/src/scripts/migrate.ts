import { ConfigError, loadConfig } from '../config';
import { createDatabase, runMigrations } from '../db/database';
import { seedBase } from '../db/seed';

// `npm run db:migrate`: applies the committed migrations and the reference data (permission
// catalogue, menu), nothing else. The server does the same at start; this is for deployments
// that migrate as a separate step.

async function main() {
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 2,
  });
  try {
    await runMigrations(database);
    await seedBase(database.db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Migrations applied to ${where}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
