import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { printTable } from './bench-kit';

// The bench's yardstick: the statements an endpoint issues, recorded from the server
// (bench-server.ts) for one request and run directly through the driver by as many clients as
// the API had, named where the server names them (prepared, as `pgbench -M prepared`), one
// after another as one request issues them. And the CPU both cost, read from /proc: the server
// process's, and that of the PostgreSQL backends connected to the measured database.

/** A uuid anywhere in a text: the ids a recorded statement names or its answer held. */
export const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export interface RecordedStatement {
  text: string;
  name?: string;
  values: unknown[];
  /** The ids in its answer. */
  answered?: string[];
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process (all its threads), in ms; null when it is gone. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted from the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/**
 * CPU ms of each PostgreSQL backend connected to `database` (their process title names it:
 * "postgres: [cluster: ]user database host(port) state"), by pid, or null without /proc.
 */
const backendTitle = /^postgres: (?:[^:\s]+: )?\S+ (\S+) \S+\(\d+\)/;

export function backendCpuMs(database: string): Map<number, number> | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const byPid = new Map<number, number>();
  for (const pid of entries) {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (backendTitle.exec(title)?.[1] !== database) continue;
    } catch {
      continue;
    }
    const ms = processCpuMs(Number(pid));
    if (ms !== null) byPid.set(Number(pid), ms);
  }
  return byPid;
}

/**
 * The backends' CPU between two readings: each one's growth, all of a new one's. A backend that
 * ended between them (a pool closing an idle connection) is left out rather than subtracted.
 */
function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForMarker(file: string, recording: boolean) {
  const marker = JSON.stringify({ recording });
  for (let i = 0; i < 200; i++) {
    if (fs.readFileSync(file, 'utf8').includes(marker)) return;
    await sleep(25);
  }
  throw new Error('the bench server did not switch its statement recorder');
}

/** The statements the server issues while `request` runs (nothing else may run meanwhile). */
export async function recordStatements(
  server: ChildProcess,
  file: string,
  request: () => Promise<void>,
): Promise<RecordedStatement[]> {
  fs.writeFileSync(file, '');
  server.kill('SIGUSR2');
  await waitForMarker(file, true);
  await request();
  server.kill('SIGUSR2');
  await waitForMarker(file, false);
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  fs.writeFileSync(file, '');
  return lines
    .map((l) => JSON.parse(l) as RecordedStatement | { recording: boolean })
    .filter((l): l is RecordedStatement => 'text' in l && !/^\s*listen\b/i.test(l.text));
}

/** Connections for runDirect, open before CPU is read so their backends stay counted. */
export async function openDirect(url: string, clients: number): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: url, application_name: 'kopi-bench-direct' });
      await c.connect();
      return c;
    }),
  );
}

export interface DirectRounds {
  rounds: number;
  seconds: number;
}

/** Each connection doing `round` over and over for `seconds`: the rounds done. */
export async function runRounds(
  connections: pg.Client[],
  seconds: number,
  round: (connection: pg.Client) => Promise<void>,
): Promise<DirectRounds> {
  let rounds = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    connections.map(async (c) => {
      while (performance.now() < deadline) {
        await round(c);
        rounds++;
      }
    }),
  );
  return { rounds, seconds: (performance.now() - started) / 1000 };
}

/** Each connection running the statements in turn, for `seconds`. */
export function runDirect(
  connections: pg.Client[],
  statements: RecordedStatement[],
  seconds: number,
): Promise<DirectRounds> {
  return runRounds(connections, seconds, async (c) => {
    for (const s of statements) await c.query({ text: s.text, name: s.name, values: s.values });
  });
}

/** CPU ms used by the server process and by PostgreSQL while `work` runs. */
export async function cpuDuring<T>(
  serverPid: number | undefined,
  database: string,
  work: () => Promise<T>,
): Promise<{ result: T; serverMs: number | null; databaseMs: number | null }> {
  const server0 = serverPid ? processCpuMs(serverPid) : null;
  const db0 = backendCpuMs(database);
  const result = await work();
  const server1 = serverPid ? processCpuMs(serverPid) : null;
  const db1 = backendCpuMs(database);
  return {
    result,
    serverMs: server0 !== null && server1 !== null ? server1 - server0 : null,
    databaseMs: db0 !== null && db1 !== null ? backendCpuBetween(db0, db1) : null,
  };
}

export interface Comparison {
  name: string;
  statements: number;
  apiRate: number;
  directRate: number | null;
  serverCpuMs: number | null;
  databaseCpuMs: number | null;
  directDatabaseCpuMs: number | null;
}

const fixed = (n: number | null, digits = 2) => (n === null ? '—' : n.toFixed(digits));

/** Prints the API against the direct SQL: rates, their ratio, and CPU per request. */
export function printComparisons(rows: Comparison[]) {
  const header = [
    'endpoint',
    'stmts',
    'API/s',
    'SQL/s',
    'API÷SQL',
    'server CPU ms',
    'db CPU ms (API)',
    'db CPU ms (SQL)',
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.statements),
    r.apiRate.toFixed(0),
    r.directRate === null ? '—' : r.directRate.toFixed(0),
    r.directRate ? fixed(r.apiRate / r.directRate) : '—',
    fixed(r.serverCpuMs),
    fixed(r.databaseCpuMs),
    fixed(r.directDatabaseCpuMs),
  ]);
  printTable(header, lines);
}
