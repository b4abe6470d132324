import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';

export function createHealthService(deps: { database: Database; version: string }) {
  const startedAt = Date.now();
  return {
    async check() {
      try {
        await deps.database.ping();
      } catch {
        throw new AppError('service_unavailable');
      }
      return {
        status: 'ok' as const,
        database: deps.database.kind,
        version: deps.version,
        uptime_seconds: Math.floor((Date.now() - startedAt) / 1000),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
