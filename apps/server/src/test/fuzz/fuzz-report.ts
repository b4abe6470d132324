import { printable } from './fuzz-answers';
import type { Failure, FuzzResult } from './fuzz-runner';

// The fuzzer's report: totals, coverage, and the failures with one line per distinct defect
// (operation, variant kind and status), the field or parameter of the first one shown.

/** A failure's variant without the field or parameter it broke: `field:nul@name` → `field:nul`. */
const kindOf = (variant: string) => variant.split('@')[0]!;

interface FailureGroup {
  key: string;
  count: number;
  example: Failure;
}

/** Failures grouped by operation, variant kind and status, in the order they first appeared. */
function groupFailures(failures: Failure[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const f of failures) {
    const key = `${f.operation} ${kindOf(f.variant)} → ${f.status}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { key, count: 1, example: f });
  }
  return [...groups.values()];
}

/** One readable line per failure group, server errors first: what was sent, what came back, why. */
export function failureLines(failures: Failure[]): string[] {
  const groups = groupFailures(failures);
  const serverErrorsFirst = [
    ...groups.filter((g) => g.example.status >= 500),
    ...groups.filter((g) => g.example.status < 500),
  ];
  return serverErrorsFirst.map(({ count, example: f }) => {
    const times = count > 1 ? ` (×${count})` : '';
    const cause = f.cause ? ` | cause: ${printable(f.cause)}` : '';
    return `${f.operation} [${f.variant}] → ${f.status}${times}: ${f.problem}; ${f.body}${cause}`;
  });
}

export interface Coverage {
  operations: number;
  /** Operations that were sent nothing, or not every class of variant they have. */
  missing: string[];
  /** Operations that never got past authentication. */
  unreached: string[];
  reached: number;
  succeeded: number;
}

export function coverageOf(result: FuzzResult): Coverage {
  const missing: string[] = [];
  const unreached: string[] = [];
  let reached = 0;
  let succeeded = 0;
  for (const [key, report] of result.operations) {
    if (key.startsWith('RAW ')) continue;
    const notSent = [...report.classes].filter((c) => !report.sentClasses.has(c));
    if (report.requests === 0 || notSent.length > 0) {
      missing.push(`${key}: ${report.requests} requests, not sent ${notSent.join(', ') || '-'}`);
    }
    if (report.reached) reached++;
    else unreached.push(key);
    if (report.succeeded) succeeded++;
  }
  const operations = [...result.operations.keys()].filter((k) => !k.startsWith('RAW ')).length;
  return { operations, missing, unreached, reached, succeeded };
}

/** The summary printed after a run. */
export function summaryLines(result: FuzzResult): string[] {
  const coverage = coverageOf(result);
  const statuses = Object.entries(result.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cls, n]) => `${cls} ${n}`)
    .join(', ');
  const groups = groupFailures(result.failures);
  return [
    `API fuzz (${result.mode}): ${result.requests} requests over ${coverage.operations} operations in ${result.seconds.toFixed(1)} s`,
    `answers: ${statuses}`,
    `past authentication: ${coverage.reached}/${coverage.operations} operations; with a 2xx: ${coverage.succeeded}`,
    ...(coverage.unreached.length > 0
      ? [`not past authentication: ${coverage.unreached.join(', ')}`]
      : []),
    ...(result.unmapped.length > 0
      ? [`random ids (no fixture): ${result.unmapped.join(', ')}`]
      : []),
    `failures: ${result.failures.length} (${groups.length} distinct)`,
  ];
}
