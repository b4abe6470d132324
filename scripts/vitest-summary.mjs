// What test-all keeps of a Vitest JSON report: the counts and each failure's name and message.

/**
 * A file that fails outside its tests (it did not load, or a `beforeAll` threw or timed out) has
 * no failed test: Vitest marks its tests skipped and counts nothing as failed. Such a file is
 * named and counted as one failure, so the total cannot read 0 failed for it.
 */
export function summariseVitest(report) {
  const failures = [];
  let failedFiles = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    for (const t of tests.filter((a) => a.status === 'failed'))
      failures.push({ title: t.fullName, message: (t.failureMessages ?? []).join('\n') });
    if (file.status === 'failed' && !tests.some((a) => a.status === 'failed')) {
      failedFiles += 1;
      // A hook inside a `describe` leaves its error on that suite, which the report leaves out.
      const message =
        file.message ||
        `failed outside its tests (${tests.length} not run): a hook or the file's loading, its error is in the log above`;
      failures.push({ title: file.name, message });
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + failedFiles,
    failures,
  };
}
