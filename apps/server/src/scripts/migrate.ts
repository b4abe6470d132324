import { ConfigError, loadConfig } from '../config';
import { withMigratedDatabase } from '../db/setup';

// `npm run db:migrate`: applies the committed migrations and the reference data (permission
// catalogue, menu), nothing else. The server does the same at start; this is for deployments
// that migrate as a separate step.

async function main() {
  const config = loadConfig();
  await withMigratedDatabase(config, async () => {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Migrations applied to ${where}.`);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
