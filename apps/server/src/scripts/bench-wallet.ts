import { demoTenantId } from '../test/order-fixtures';
import { createTestApp, engine } from '../test/test-app';
import { setWalletRules, walletCustomer } from '../test/wallet-fixtures';
import { raceApiSpends, raceSpends, type RaceResult } from '../test/wallet-race';
import { bounded, percentile } from './bench-kit';
import { cliOptions } from './cli-options';

// `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:wallet -w @kopi/server
//   -- [--spends 64] [--rounds 5] [--balance 10000] [--amount 300]`
// The wallet's double-spend bench: builds the app in-process on a fresh scratch database of
// TEST_DATABASE_URL (dropped at the end; without it, an in-memory PGlite, one connection), with a
// pool of --spends connections. Each round funds a new customer with --balance sen and sends
// --spends spends of --amount sen at once, twice: straight through postWallet (each transaction
// open on its own connection before any posts), then as debit adjustments through the API. Prints
// per round how many went through against floor(balance / amount), how many were refused, the
// wall time and the latency percentiles; exits 1 if any round differs or the balance is wrong.

const values = cliOptions({ spends: '64', rounds: '5', balance: '10000', amount: '300' });
const spends = bounded(values.spends, 2, 90);
const rounds = bounded(values.rounds, 1, 50);
const balance = bounded(values.balance, 1, 10_000_000);
const amount = bounded(values.amount, 1, 5000);
const expected = Math.min(spends, Math.floor(balance / amount));

const t = await createTestApp({ poolMax: spends + 8 });
let failed = false;
try {
  const tenantId = await demoTenantId(t);
  // A round's debits for one customer all within finance's adjustment limit for the day, so the
  // API's post at once (or are refused for want of balance), never wait for a second approver.
  await setWalletRules(t.database.db, tenantId, { adjustmentLimit: spends * amount });
  const finance = t.bearer((await t.login('finance')).token);
  console.log(
    `wallet bench on ${engine}: ${rounds} rounds of ${spends} spends of ${amount} sen against ${balance} sen (expect ${expected} through)`,
  );
  const header = [
    'round',
    'how',
    'through',
    'refused',
    'other',
    'ms',
    'p50 ms',
    'p95 ms',
    'p99 ms',
  ];
  console.log(header.join('\t'));
  const report = (round: number, how: string, r: RaceResult, balanceLeft: number) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const ok =
      r.successes === expected &&
      r.other.length === 0 &&
      balanceLeft === balance - expected * amount;
    if (!ok) failed = true;
    console.log(
      [
        round,
        how,
        `${r.successes}/${expected}`,
        r.refused,
        r.other.length ? r.other.slice(0, 3).join(',') : 0,
        r.ms,
        percentile(sorted, 0.5).toFixed(1),
        percentile(sorted, 0.95).toFixed(1),
        percentile(sorted, 0.99).toFixed(1),
      ].join('\t') + (ok ? '' : `\tFAIL (balance left ${balanceLeft})`),
    );
  };
  const balanceOf = async (customerId: string) =>
    (
      await t.inject({
        method: 'GET',
        url: `/api/customers/${customerId}/wallet`,
        headers: finance,
      })
    )
      .json()
      .data.at(0)?.balance_after as number;
  for (let round = 1; round <= rounds; round++) {
    const direct = await walletCustomer(t.database.db, tenantId, { balance });
    const raced = await raceSpends(t.database.db, {
      tenantId,
      customerId: direct.id,
      spends,
      amount,
      barrier: engine === 'postgres',
    });
    report(round, `postWallet×${raced.connections || 1} conn`, raced, await balanceOf(direct.id));
    const viaApi = await walletCustomer(t.database.db, tenantId, { balance });
    const called = await raceApiSpends(t.inject, finance, viaApi.id, spends, amount);
    report(round, 'API', called, await balanceOf(viaApi.id));
  }
} finally {
  await t.close();
}
console.log(failed ? 'FAIL' : 'PASS: never more spends than the balance allows');
process.exit(failed ? 1 : 0);
