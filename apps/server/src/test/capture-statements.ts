import pg from 'pg';

/** A statement as node-postgres sent it. */
export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/**
 * Every statement PostgreSQL is sent while `run` runs, in order, for tests that read the
 * statements a request issues (to EXPLAIN them). Process-wide: nothing else may query meanwhile.
 */
export async function captureStatements(run: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = [];
  const query = pg.Client.prototype.query;
  const capture = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    // query(text, values), query(config) or query(config, values): drizzle passes them beside.
    if (typeof first === 'string') {
      captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      captured.push({
        text: config.text,
        values: config.values ?? (Array.isArray(second) ? second : []),
      });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = capture as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return captured;
}
