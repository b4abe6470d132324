import { loadGet, printRows, type BenchRow, benchOptions, serverInfo } from './bench-kit';

// `npm run bench:auth -w @kopi/server -- [--url http://127.0.0.1:3000] [--logins 200]
//   [--clients 20] [--seconds 5]`
// Measures, against a running server with the demo data: sign-in latency (sequential, then one
// client per demo user in parallel), and the throughput of an authenticated GET
// (/api/notification: JWT check + session lookup + query) against an unauthenticated one
// (/api/health). Loopback only, bounded in time. Start the server with a high LOGIN_RATE_LIMIT,
// otherwise the per-address limit (correctly) stops the sign-in phase.

const { values, base } = benchOptions('bench:auth', { logins: '200', clients: '20', seconds: '5' });

const logins = Math.min(Number(values.logins), 2000);
const clients = Math.min(Number(values.clients), 200);
const seconds = Math.min(Number(values.seconds), 30);
const DEMO_USERS = ['admin', 'manager', 'cashier', 'finance', 'superadmin'];
const PASSWORD = 'Kopi@1234';

async function login(username: string): Promise<{ ms: number; token?: string; status: number }> {
  const started = performance.now();
  const res = await fetch(new URL('/api/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  return { ms: performance.now() - started, token: body.data?.token, status: res.status };
}

async function loginPhase(name: string, parallel: number): Promise<BenchRow> {
  const latencies: number[] = [];
  let errors = 0;
  const perClient = Math.ceil(logins / 2 / parallel);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async (_, i) => {
      // One user per client: a username's own backoff counts attempts in flight.
      const username = DEMO_USERS[i % DEMO_USERS.length]!;
      for (let n = 0; n < perClient; n++) {
        const r = await login(username);
        if (r.status === 200) latencies.push(r.ms);
        else errors++;
        if (r.status === 429 && n === 0 && i === 0) {
          console.warn('429 from /api/login: start the server with LOGIN_RATE_LIMIT=100000');
        }
      }
    }),
  );
  return {
    name,
    requests: latencies.length,
    errors,
    seconds: (performance.now() - started) / 1000,
    latencies,
  };
}

async function main() {
  const info = await serverInfo(base);
  console.log(
    `Kopi HQ ${info.version} at ${base.origin} on ${info.database}; ${logins} sign-ins, ${clients} clients × ${seconds}s per GET\n`,
  );
  const rows: BenchRow[] = [];
  rows.push(await loginPhase('POST /api/login (sequential)', 1));
  rows.push(await loginPhase(`POST /api/login (${DEMO_USERS.length} parallel)`, DEMO_USERS.length));
  const { token } = await login('admin');
  if (!token) throw new Error('could not sign in as admin');
  rows.push(
    await loadGet({
      name: 'GET /api/health (no auth)',
      base,
      path: '/api/health',
      clients,
      seconds,
    }),
  );
  rows.push(
    await loadGet({
      name: 'GET /api/notification (auth)',
      base,
      path: '/api/notification',
      headers: { authorization: `Bearer ${token}` },
      clients,
      seconds,
    }),
  );
  printRows('measurement', rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
