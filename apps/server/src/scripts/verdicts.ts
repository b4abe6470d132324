import fs from 'node:fs';
import path from 'node:path';

// The outcome of a check script that runs beside the test suites (the crash test, the backup
// check): one line per verdict, a `name: N passed, N failed` line, and with a report file the
// `{ passed, failed, failures }` that scripts/test-all.mjs adds to the total.

export interface Verdict {
  title: string;
  ok: boolean;
  /** What was wrong (a few examples), or what was checked when it held. */
  detail: string;
}

/** The verdict of a check that threw before it could judge. */
export const crashed = (title: string, error: unknown): Verdict => ({
  title,
  ok: false,
  detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
});

/** Prints the verdicts, writes the report when asked; true when every verdict holds. */
export function reportVerdicts(
  name: string,
  verdicts: Verdict[],
  reportFile: string | undefined,
  figures?: Record<string, unknown>,
): boolean {
  for (const v of verdicts) {
    console.log(`${v.ok ? 'ok  ' : 'FAIL'} ${v.title}${v.detail ? ` — ${v.detail}` : ''}`);
  }
  const passed = verdicts.filter((v) => v.ok).length;
  const failed = verdicts.length - passed;
  console.log(`${name}: ${passed} passed, ${failed} failed`);
  if (reportFile) {
    fs.mkdirSync(path.dirname(path.resolve(reportFile)), { recursive: true });
    const failures = verdicts
      .filter((v) => !v.ok)
      .map((v) => ({ title: `${name}: ${v.title}`, message: v.detail }));
    fs.writeFileSync(reportFile, JSON.stringify({ passed, failed, failures, figures }));
  }
  return failed === 0;
}
