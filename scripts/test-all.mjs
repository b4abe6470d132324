// `npm test`: every check and every suite, then one plain total line
// (`N passed, N failed`) summed from the runners' JSON reports. A check that fails without a
// report (lint, typecheck, build) counts as one failure, so the total can never hide it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { summariseVitest } from './vitest-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const pgUrl = process.env.TEST_DATABASE_URL;
const results = [];
/** Suites that did not run at all; listed in the summary so a short log still shows the gap. */
const skipped = [];

// Without PostgreSQL nothing runs side by side (PGlite answers one request at a time), so a race
// such as a dropped `status = from` guard passes unseen. The warning is printed where the run is
// skipped and again above the summary, the part of the log CI keeps.
function postgresWarning() {
  const lines = [
    'WARNING: TEST_DATABASE_URL is not set. PostgreSQL was NOT tested.',
    '',
    'The server suite ran on PGlite only, which runs one request at a time:',
    'races (parallel requests, row locks, guards like `status = from`) were',
    'not exercised, and the crash and backup checks did not run.',
    '',
    'Run again with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const edge = '!'.repeat(width + 8);
  console.log(['', edge, ...lines.map((l) => `!!  ${l.padEnd(width)}  !!`), edge].join('\n'));
}

function finish(name, status, started, report) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let passed = 0;
  let failed = 0;
  let failures = [];
  let retried = [];
  if (report) {
    const counts = report.read();
    if (counts) ({ passed, failed, failures = [], retried = [] } = counts);
  }
  if (status !== 0 && failed === 0) failed = 1; // a crash or a non-test check failed
  return { name, passed, failed, failures, retried, seconds, ok: status === 0 };
}

const envOf = (env) => {
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  return childEnv;
};

function run(name, command, args, { env = {}, cwd = root, report } = {}) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(command, args, { cwd, env: envOf(env), stdio: 'inherit' });
  results.push(finish(name, r.status, started, report));
}

/**
 * Steps that each use one core (lint, prettier, tsc) run side by side; each one's output is
 * printed whole when it ends, so the log reads as if they had run in turn.
 */
async function runTogether(steps) {
  const done = await Promise.all(
    steps.map(
      ([name, command, args, { env = {}, cwd = root, report } = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd, env: envOf(env) });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            resolve({
              name,
              output: Buffer.concat(output),
              result: finish(name, status ?? 1, started, report),
            });
          });
        }),
    ),
  );
  for (const { name, output, result } of done) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    results.push(result);
  }
}

// CI keeps only the tail of the log: each failed test's name and the head of its error are
// repeated just above the summary, so the reason a run failed is always in what was kept.
const headOf = (message) =>
  stripVTControlCharacters(String(message)).trim().split('\n').slice(0, 6).join('\n    ');

const vitestReport = (file) => ({
  read() {
    if (!fs.existsSync(file)) return null;
    return summariseVitest(JSON.parse(fs.readFileSync(file, 'utf8')));
  },
});
// A script's own report: the counts and failures as test-all keeps them.
const scriptReport = (file) => ({
  read() {
    if (!fs.existsSync(file)) return null;
    const { passed = 0, failed = 0, failures = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed, failed, failures };
  },
});
const vitestArgs = (file) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

const contractJson = path.join(reports, 'contract.json');
const scriptsJson = path.join(reports, 'scripts.json');
await runTogether([
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  [
    'contract unit',
    'npx',
    vitestArgs(contractJson),
    { cwd: path.join(root, 'packages/contract'), report: vitestReport(contractJson) },
  ],
  [
    'scripts unit',
    'npx',
    vitestArgs(scriptsJson),
    { cwd: path.join(root, 'scripts'), report: vitestReport(scriptsJson) },
  ],
]);

const webJson = path.join(reports, 'web.json');
run('web unit', 'npx', vitestArgs(webJson), {
  cwd: path.join(root, 'apps/web'),
  report: vitestReport(webJson),
});

const pgliteJson = path.join(reports, 'server-pglite.json');
run('server integration (PGlite)', 'npx', vitestArgs(pgliteJson), {
  cwd: path.join(root, 'apps/server'),
  env: { TEST_DATABASE_URL: undefined },
  report: vitestReport(pgliteJson),
});

if (pgUrl) {
  const pgJson = path.join(reports, 'server-postgres.json');
  run('server integration (PostgreSQL)', 'npx', vitestArgs(pgJson), {
    cwd: path.join(root, 'apps/server'),
    env: { TEST_DATABASE_URL: pgUrl },
    report: vitestReport(pgJson),
  });
  // A server script against the test server, writing its report to reports/<file>.
  const runScript = (name, npmArgs, file) => {
    const json = path.join(reports, file);
    run(name, 'npm', ['run', ...npmArgs, '--report', json], {
      env: { TEST_DATABASE_URL: pgUrl },
      report: scriptReport(json),
    });
  };
  // The real server killed with SIGKILL under sale load, 20 times, then the data checked; and a
  // backup restored from pg_dump and from a PGlite folder compared with its source. Each script
  // writes `{ passed, failed, failures }` (apps/server/src/scripts/crash, backup-check.ts).
  runScript(
    'crash test (20 SIGKILLs, PostgreSQL)',
    ['crash-test', '--', '--kills', '20'],
    'crash.json',
  );
  runScript('backup and restore (both engines)', ['backup-check', '--'], 'backup.json');
  // A streaming replica of the test server (pg_basebackup), the report suites read from it, and
  // its lag and outage handled (apps/server/src/scripts/replica-check.ts).
  if (spawnSync('pg_basebackup', ['--version']).status === 0) {
    runScript(
      'reports from a streaming replica (PostgreSQL)',
      ['replica-check', '-w', '@kopi/server', '--'],
      'replica.json',
    );
  } else {
    skipped.push('reports from a streaming replica (pg_basebackup is not installed)');
  }
} else {
  skipped.push(
    'server integration (PostgreSQL)',
    'crash test (20 SIGKILLs, PostgreSQL)',
    'backup and restore (both engines)',
    'reports from a streaming replica (PostgreSQL)',
  );
  postgresWarning();
}

run('web build', 'npm', ['run', 'build']);
run('web bundle budget (/login ≤ 170 kB gzip)', 'npm', [
  'run',
  'size',
  '-w',
  '@kopi/web',
  '--',
  '--check',
  'login-page',
]);

const e2eJson = path.join(reports, 'e2e.json');
run('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
  cwd: path.join(root, 'e2e'),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
  report: {
    read() {
      if (!fs.existsSync(e2eJson)) return null;
      const j = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
      const s = j.stats ?? {};
      const failures = [];
      const retried = [];
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            const where = spec.file ? `${spec.file}:${spec.line}` : '';
            const title = [...titles, spec.title].filter(Boolean).join(' › ') + ` (${where})`;
            // Failed once, passed on the retry: a race, named so it is fixed, never hidden.
            if (t.status === 'flaky') {
              const first = (t.results ?? [])[0];
              retried.push({ title, message: first?.error?.message ?? '' });
            }
            if (t.status !== 'unexpected') continue;
            const last = (t.results ?? []).at(-1);
            failures.push({ title, message: last?.error?.message ?? last?.status ?? '' });
          }
        }
        for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
      };
      for (const suite of j.suites ?? []) walk(suite, []);
      return {
        passed: (s.expected ?? 0) + (s.flaky ?? 0),
        failed: s.unexpected ?? 0,
        failures,
        retried,
      };
    },
  },
});

const failures = results.flatMap((r) => r.failures.map((f) => ({ suite: r.name, ...f })));
if (failures.length > 0) {
  console.log('\n=== failed tests ===');
  for (const f of failures.slice(0, 10))
    console.log(`[${f.suite}] ${f.title}\n    ${headOf(f.message)}`);
  if (failures.length > 10) console.log(`…and ${failures.length - 10} more above`);
}

if (!pgUrl) postgresWarning();

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(34)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed  ${r.seconds}s`,
  );
}
for (const name of skipped)
  console.log(`SKIP ${name.padEnd(34)}   not run: TEST_DATABASE_URL unset`);
for (const r of results) {
  for (const f of r.retried) {
    console.log(`RETRIED [${r.name}] ${f.title}: failed once, passed on the retry (a race to fix)`);
    console.log(`    ${headOf(f.message)}`);
  }
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) && failed === 0 ? 0 : 1);
