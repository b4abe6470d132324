import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { createReadRouter, type ReadRouter } from '../db/read-replica';

// The app's read router (decision 062): reports, the dashboard's last week and the order list
// may read a replica (READ_DATABASE_URL). After a signed-in caller's write, their next reads go
// to the primary until the replica holds what they changed.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installReadRouter(
  app: FastifyInstance,
  { database, config }: { database: Database; config: Config },
): ReadRouter {
  const reads = createReadRouter({
    primary: database,
    replicaUrl: config.readDatabaseUrl,
    poolMax: config.databasePoolMax,
    log: app.log,
    waitForReplay: config.readReplicaWaitsForReplay,
  });
  app.addHook('onResponse', async (request) => {
    if (request.principal && !SAFE_METHODS.has(request.method)) {
      reads.noteWrite(request.principal.userId);
    }
  });
  return reads;
}
