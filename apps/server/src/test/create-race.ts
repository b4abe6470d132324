import { randomUUID } from 'node:crypto';
import { requestAs, type RequestHeaders, type TestApp } from './test-app';

// Many creating POSTs at the same moment, as the concurrency tests of vouchers and rewards send
// them: each with its own Idempotency-Key, so each is a new request the API must serialise.

export interface CreateRace {
  /** Answered 201. */
  created: number;
  /** Answered 409, counted by code. */
  refused: Record<string, number>;
  /** Anything else: a failure of the test, never expected. */
  other: string[];
  ms: number;
}

/** Posts every request at once and tallies the answers. */
export async function raceCreates(
  t: Pick<TestApp, 'inject'>,
  requests: { url: string; headers: RequestHeaders; body?: Record<string, unknown> }[],
): Promise<CreateRace> {
  const started = performance.now();
  const answers = await Promise.all(
    requests.map((r) =>
      requestAs(t).post(r.url, r.body, { ...r.headers, 'idempotency-key': randomUUID() }),
    ),
  );
  const outcome: CreateRace = { created: 0, refused: {}, other: [], ms: 0 };
  for (const res of answers) {
    if (res.statusCode === 201) outcome.created++;
    else if (res.statusCode === 409) {
      const code = (res.json() as { code_message: string }).code_message;
      outcome.refused[code] = (outcome.refused[code] ?? 0) + 1;
    } else outcome.other.push(`${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  outcome.ms = Math.round(performance.now() - started);
  return outcome;
}
