import { eq, sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { voucherCampaigns, voucherCodes } from '../db/schema/vouchers';
import { createJobRunner } from '../lib/jobs/job-runner';
import {
  CAMPAIGN_ISSUE_JOB,
  createCampaignIssueJob,
} from '../modules/voucher-campaigns/campaign-issue-job';
import { otherTenant } from '../test/catalogue-fixtures';
import { createTestApp, engine } from '../test/test-app';
import { campaignBody, uniqueVoucher } from '../test/voucher-campaign-fixtures';
import { bounded } from './bench-kit';

// `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:campaign -w @kopi/server
//   -- [--customers 100000] [--chunk 1000]`
// A voucher campaign's issuing job at scale: builds the app in-process on a fresh scratch database
// of TEST_DATABASE_URL (dropped at the end; without it, an in-memory PGlite), bulk-inserts
// --customers customers into a fresh tenant, creates a campaign to all of them and takes it live
// through the API, then runs its issuing job to the end in chunks of --chunk. Prints the seconds
// and codes issued per second; exits 1 unless every customer got exactly one code.

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    chunk: { type: 'string', default: '1000' },
  },
});
const count = bounded(values.customers, 1, 1_000_000);
const chunkSize = bounded(values.chunk, 1, 10_000);

const t = await createTestApp({ backgroundJobs: false });
let failed: boolean;
try {
  const db = t.database.db;
  const rival = await otherTenant(t, 'bench-campaign');
  const tenantId = rival.tenant.id;
  const seeded = performance.now();
  // One statement: phones +60 12 000 0000 onwards, a referral code from the row number.
  await db.execute(sql`
    insert into customers (tenant_id, name, phone, referral_code, created_at)
    select ${tenantId}::uuid, 'Bench ' || n, '+6012' || lpad(n::text, 7, '0'),
      'BENCH' || n, now() - interval '1 day'
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`analyze customers`);
  console.log(
    `campaign issue bench on ${engine}: ${count} customers inserted in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const voucher = await uniqueVoucher(db, tenantId);
  const api = (method: 'POST', url: string, payload: unknown) =>
    t.inject({ method, url, payload: payload as object, headers: rival.headers });
  const created = await api(
    'POST',
    '/api/voucher-campaigns',
    campaignBody(voucher.id, {
      starts_at: '2026-01-01T00:00:00+08:00',
      ends_at: '2099-01-01T00:00:00+08:00',
    }),
  );
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const id = created.json().data.id as string;
  const live = await api('POST', `/api/voucher-campaigns/${id}/status`, { move: 'schedule' });
  const job = live.json().data.job as { total: number } | null;
  if (job?.total !== count) throw new Error(`the job counts ${job?.total}, not ${count}`);

  const runner = createJobRunner({ db, chunkSize });
  runner.register(
    CAMPAIGN_ISSUE_JOB,
    createCampaignIssueJob(() => new Date()),
  );
  const started = performance.now();
  await runner.runPending();
  const seconds = (performance.now() - started) / 1000;

  const [codes] = await db
    .select({
      n: sql<number>`count(*)::int`,
      people: sql<number>`count(distinct customer_id)::int`,
    })
    .from(voucherCodes)
    .where(eq(voucherCodes.campaignId, id));
  const [campaign] = await db.select().from(voucherCampaigns).where(eq(voucherCampaigns.id, id));
  failed = codes!.n !== count || codes!.people !== count || campaign!.issuedCount !== count;
  console.log(['codes', 'people', 'counted', 'chunk', 's', 'codes/s'].join('\t'));
  console.log(
    [
      codes!.n,
      codes!.people,
      campaign!.issuedCount,
      chunkSize,
      seconds.toFixed(1),
      Math.round(count / seconds),
    ].join('\t') + (failed ? '\tFAIL (not one code per customer)' : ''),
  );
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
