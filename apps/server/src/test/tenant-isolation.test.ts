import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRecorder, type RepoCall, repoModules } from './repo-recorder';
import type { Scenario } from './tenant-isolation-scenario';
import {
  fingerprint,
  ownedIds,
  replay,
  type ReplayContext,
  tenantTables,
  uuidsIn,
} from './tenant-replay';

// Tenant isolation, generated over the repositories: every exported function of every
// modules/**/*.repo.ts is recorded while tenant A (the demo tenant) uses the whole API
// (tenant-isolation-scenario.ts), then each call that named tenant A is replayed with an empty
// tenant B against A's ids, in a transaction rolled back. It must return nothing of A and change
// nothing of A (nor write a row of B that points at A's rows). A function reached only without
// a tenant must be declared in its module's `tenantFree` list, with the reason.

/** Calls replayed per function: the first few distinct ones. */
const REPLAYS_PER_FUNCTION = 3;

const recorder = createRecorder();
let scenario: Scenario;
let tenantIds: Set<string>;

beforeAll(async () => {
  for (const repo of repoModules()) {
    vi.doMock(repo.file, async (importOriginal) =>
      recorder.wrap(repo.name, await importOriginal<Record<string, unknown>>()),
    );
  }
  const { runScenario } = await import('./tenant-isolation-scenario');
  scenario = await runScenario();
  recorder.stop();
  const { tenants } = await import('../db/schema/tenancy');
  const rows = await scenario.t.database.db.select({ id: tenants.id }).from(tenants);
  tenantIds = new Set(rows.map((r) => r.id));
}, 300_000);
afterAll(() => scenario?.t.close());

const key = (c: { module: string; fn: string }) => `${c.module}.${c.fn}`;
const carries = (call: RepoCall, ids: Set<string>) =>
  [...uuidsIn(call.args)].some((id) => ids.has(id));

describe('tenant isolation of the repositories', () => {
  it('reaches every repository function with tenant A, unless it is declared tenant-free', () => {
    const problems = scenario.refused.map((r) => `the scenario's ${r}`);
    const a = new Set([scenario.tenantA]);
    for (const [module, fns] of recorder.exported) {
      const free = recorder.declaredFree.get(module) ?? [];
      for (const fn of fns) {
        const name = `${module}.${fn}`;
        const declared = free.includes(fn);
        const calls = recorder.calls.filter((c) => c.module === module && c.fn === fn);
        if (calls.some((c) => carries(c, a)) || declared) continue;
        if (calls.length === 0) problems.push(`${name}: never reached by the scenario`);
        else if (calls.some((c) => carries(c, tenantIds))) {
          problems.push(`${name}: reached only with other tenants than A`);
        } else {
          problems.push(`${name}: reached only without a tenant, and not declared tenant-free`);
        }
      }
      for (const fn of free) {
        if (!fns.includes(fn)) problems.push(`${module}.${fn}: declared tenant-free, not exported`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('returns nothing of tenant A and changes nothing of it when called with tenant B', async () => {
    const { db } = scenario.t.database;
    const tables = await tenantTables(db);
    const ctx: ReplayContext = {
      db,
      tables,
      a: {
        id: scenario.tenantA,
        owned: await ownedIds(db, tables, scenario.tenantA),
        fingerprint: await fingerprint(db, tables, scenario.tenantA),
      },
      b: scenario.tenantB,
    };
    const a = new Set([scenario.tenantA]);
    const byFunction = new Map<string, RepoCall[]>();
    for (const call of recorder.calls) {
      if (!carries(call, a)) continue;
      const list = byFunction.get(key(call)) ?? [];
      if (list.length < REPLAYS_PER_FUNCTION) list.push(call);
      byFunction.set(key(call), list);
    }
    const problems: string[] = [];
    for (const [name, calls] of byFunction) {
      for (const call of calls) {
        for (const problem of await replay(ctx, call)) problems.push(`${name}: ${problem}`);
      }
    }
    console.log(`tenant isolation: ${byFunction.size} repository functions replayed with tenant B`);
    expect(byFunction.size).toBeGreaterThan(0);
    expect([...new Set(problems)]).toEqual([]);
  }, 300_000);
});
