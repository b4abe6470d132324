import type { ErrorCode } from '@kopi/contract';
import { AppError } from './errors';

// Database errors the services turn into answers. Drizzle wraps driver errors (`cause`), and
// PGlite and node-postgres both expose PostgreSQL's SQLSTATE `code` and `constraint`.

interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgErrorOf(error: unknown): PgError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as PgError;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return null;
}

/** The constraint a unique violation (23505) broke, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const e = pgErrorOf(error);
  return e?.code === '23505' ? (e.constraint ?? '') : null;
}

/** The constraint a foreign key violation (23503) broke, or null for any other error. */
export function foreignKeyViolation(error: unknown): string | null {
  const e = pgErrorOf(error);
  return e?.code === '23503' ? (e.constraint ?? '') : null;
}

/**
 * A `.catch` handler that answers a unique violation of `constraint` as `code` on the form field
 * `path`, and rethrows anything else.
 */
export const uniqueFieldTaken =
  (constraint: string, code: ErrorCode, path: string, message = 'validation.not_unique') =>
  (error: unknown): never => {
    if (uniqueViolation(error) === constraint) {
      throw new AppError(code, { details: [{ path, message }] });
    }
    throw error;
  };

/**
 * A `.catch` handler for deletes: a restricting foreign key means something started using the
 * row between the in-use check and the delete, so it answers the same in-use error.
 */
export const inUseOnForeignKey =
  (inUse: () => AppError) =>
  (error: unknown): never => {
    if (foreignKeyViolation(error)) throw inUse();
    throw error;
  };
