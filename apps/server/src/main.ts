import { buildApp } from './app';
import { ConfigError, type Config, loadConfig } from './config';
import { createDatabase } from './db/database';
import { DEMO_PASSWORD, demoCustomers, demoTenant, demoUsers } from './db/seed-data';

// `npm start`: migrate, seed when asked, listen, print where to go. SIGTERM/SIGINT close the
// server (in-flight requests finish) and the database.

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  const { app, demoSeeded } = await buildApp({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Kopi HQ is running: ${config.appUrl}`,
    `  API docs:           ${config.appUrl}/api/docs`,
    `  Database:           ${where}`,
  ];
  if (config.seedDemo) {
    lines.push(
      `  Demo sign-ins${demoSeeded ? ' (just created)' : ''}: ${demoUsers.map((u) => u.username).join(', ')}`,
      `  Password for all:   ${DEMO_PASSWORD}`,
      `  Customer app:       X-Tenant: ${demoTenant.slug}; customers ${demoCustomers.map((c) => c.phone).join(', ')} (same password)`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
