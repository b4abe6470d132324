import { parseArgs } from 'node:util';
import { failureLines, summaryLines } from '../test/fuzz/fuzz-report';
import { fuzzApi, type FuzzMode } from '../test/fuzz/fuzz-runner';

// `npm run fuzz` (full) or `npm run fuzz -- --bounded` (what `npm test` runs): fuzzes every
// operation of the OpenAPI document on a fresh in-memory database (PostgreSQL with
// TEST_DATABASE_URL), prints the totals and every failure, and exits 1 on any failure.

const { values } = parseArgs({
  options: {
    bounded: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const mode: FuzzMode = values.bounded ? 'bounded' : 'full';

const result = await fuzzApi({
  mode,
  progress: values.quiet ? undefined : (line) => console.log(line),
});
for (const line of failureLines(result.failures)) console.log(`FAIL ${line}`);
for (const line of summaryLines(result)) console.log(line);
process.exit(result.failures.length > 0 ? 1 : 0);
