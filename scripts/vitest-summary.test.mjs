import { describe, expect, it } from 'vitest';
import { summariseVitest } from './vitest-summary.mjs';

// Reports shaped as Vitest 5 writes them (trimmed to the fields read).
const skipped = (fullName) => ({ fullName, status: 'skipped', failureMessages: [] });
const file = (name, status, message, assertionResults) => ({
  name,
  status,
  message,
  assertionResults,
});
const summarise = (numPassedTests, numFailedTests, testResults) =>
  summariseVitest({ numPassedTests, numFailedTests, testResults });

describe('summariseVitest', () => {
  it('names and counts a file whose beforeAll failed, with the file message', () => {
    const summary = summarise(1, 0, [
      file('/repo/src/a.test.ts', 'failed', 'Hook timed out in 60000ms.', [
        skipped('orders lists'),
        skipped('orders pages'),
      ]),
      file('/repo/src/b.test.ts', 'passed', '', [
        { fullName: 'passes', status: 'passed', failureMessages: [] },
      ]),
    ]);
    expect(summary).toEqual({
      passed: 1,
      failed: 1,
      failures: [{ title: '/repo/src/a.test.ts', message: 'Hook timed out in 60000ms.' }],
    });
  });

  it('says where to look when a hook inside a describe failed (no file message)', () => {
    const summary = summarise(0, 0, [
      file('/repo/src/a.test.ts', 'failed', '', [skipped('outer one'), skipped('outer two')]),
    ]);
    expect(summary.failed).toBe(1);
    expect(summary.failures[0].title).toBe('/repo/src/a.test.ts');
    expect(summary.failures[0].message).toMatch(/outside its tests \(2 not run\)/);
  });

  it('counts failed tests once and does not name their file again', () => {
    const summary = summarise(3, 1, [
      file('/repo/src/a.test.ts', 'failed', '', [
        { fullName: 'totals add up', status: 'failed', failureMessages: ['expected 1 to be 2'] },
        skipped('later'),
      ]),
    ]);
    expect(summary).toEqual({
      passed: 3,
      failed: 1,
      failures: [{ title: 'totals add up', message: 'expected 1 to be 2' }],
    });
  });
});
