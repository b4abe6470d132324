import { Readable } from 'node:stream';
import {
  type BackgroundJob,
  defaultLocale,
  type Locale,
  type VoucherCodeBatchInput,
  type VoucherCodeListQuery,
  type VoucherCodeRow,
  voucherCodeFileLabels,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { localTimeCell } from '../../lib/csv-cells';
import { AppError, found } from '../../lib/errors';
import type { JobRow, JobRunner } from '../../lib/jobs/job-runner';
import { toJob } from '../../lib/jobs/job-view';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { randomCode, VOUCHER_CODES_JOB, type VoucherCodesParams } from './voucher-code-job';
import * as repo from './voucher-codes.repo';
import * as vouchers from './vouchers.repo';

/** A voucher's face (name, value, validity), for the modules that issue its codes. */
export { faceOf } from './voucher-view';

// A voucher's unique codes: generated in bulk by a background job with progress (the request
// only enqueues it), listed page by page, and exported whole as CSV, written as it is read.

const EXPORT_CHUNK_ROWS = 1000;

const toCodeRow = (r: repo.CodeRow): VoucherCodeRow => ({
  id: r.id,
  code: r.code,
  redeemed_at: r.redeemedAt?.toISOString() ?? null,
  customer_id: r.customerId,
  created_at: r.createdAt.toISOString(),
});

/** The CSV's lines, the header first (after the BOM that tells Excel it is UTF-8). */
async function* codesCsv(chunks: AsyncIterable<repo.CodeRow[]>, locale: Locale, timezone: string) {
  const labels = voucherCodeFileLabels[locale];
  yield stringify([[labels.code, labels.status, labels.redeemed_at]], { bom: true });
  for await (const rows of chunks) {
    yield stringify(
      rows.map((r) => [
        r.code,
        r.redeemedAt ? labels.redeemed : labels.unused,
        r.redeemedAt ? localTimeCell(r.redeemedAt, timezone) : '',
      ]),
    );
  }
}

/** Draws of a fresh code before giving up; a collision among 32^8 codes is rare by far. */
const ISSUE_ROUNDS = 20;

/**
 * Issues one new code of a voucher of unique codes to a customer, for a reward, inside the
 * caller's transaction (the reward's exchange): a fresh random code, never another voucher's
 * shared code, stored under the id the caller chose.
 */
export async function issueCustomerCode(
  tx: Db,
  tenantId: string,
  issue: { id: string; voucherId: string; customerId: string; rewardId: string },
) {
  for (let round = 0; round < ISSUE_ROUNDS; round++) {
    const code = randomCode('');
    if ((await repo.sharedCodesAmong(tx, tenantId, [code])).length > 0) continue;
    const row = await repo.insertIssuedCode(tx, tenantId, { ...issue, code });
    if (row) return row;
  }
  throw new Error('could not find a free code');
}

export function createVoucherCodeService({ db, jobs }: { db: Db; jobs: JobRunner }) {
  const voucherOf = async (tenantId: string, id: string) =>
    found(await vouchers.findById(db, tenantId, id));

  return {
    /** Enqueues the generation of `count` codes and answers the job; the runner does the rest. */
    async generate(
      ctx: AuthedContext,
      voucherId: string,
      input: Required<VoucherCodeBatchInput>,
    ): Promise<BackgroundJob> {
      const tenantId = tenantIdOf(ctx);
      const voucher = await voucherOf(tenantId, voucherId);
      if (voucher.codeKind !== 'unique') throw new AppError('voucher_codes_shared');
      const params: VoucherCodesParams = { prefix: input.prefix };
      const entry = (job: JobRow) => ({
        action: 'voucher.codes_generate',
        entity: 'voucher',
        entityId: voucherId,
        after: { job_id: job.id, count: input.count, prefix: input.prefix },
      });
      const job = await audited(db, ctx, entry, (tx) =>
        jobs.enqueue(tx, {
          tenantId,
          kind: VOUCHER_CODES_JOB,
          subjectId: voucherId,
          params,
          total: input.count,
          createdBy: ctx.principal.userId,
        }),
      );
      jobs.wake();
      return toJob(job);
    },

    async job(ctx: AuthedContext, voucherId: string, jobId: string): Promise<BackgroundJob> {
      const tenantId = tenantIdOf(ctx);
      await voucherOf(tenantId, voucherId);
      return toJob(found(await repo.findJob(db, tenantId, VOUCHER_CODES_JOB, voucherId, jobId)));
    },

    async list(ctx: AuthedContext, voucherId: string, q: VoucherCodeListQuery) {
      const tenantId = tenantIdOf(ctx);
      await voucherOf(tenantId, voucherId);
      const filter = {
        q: q.q,
        redeemed: q.redeemed === undefined ? undefined : q.redeemed === 'true',
      };
      return pageAnswer(
        q,
        await repo.list(db, tenantId, voucherId, filter, q.page_size, offsetOf(q)),
        toCodeRow,
      );
    },

    /** Every code of the voucher as CSV, streamed chunk by chunk (100,000 codes are never held). */
    async export(ctx: AuthedContext, voucherId: string, lang: Locale | undefined) {
      const tenantId = tenantIdOf(ctx);
      const voucher = await voucherOf(tenantId, voucherId);
      const timezone = await repo.tenantTimezone(db, tenantId);
      const name = voucher.nameEn.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'voucher';
      return {
        filename: `voucher-codes-${name.toLowerCase()}.csv`,
        body: Readable.from(
          codesCsv(
            repo.inChunks(db, tenantId, voucherId, EXPORT_CHUNK_ROWS),
            lang ?? defaultLocale,
            timezone,
          ),
        ),
      };
    },
  };
}

export type VoucherCodeService = ReturnType<typeof createVoucherCodeService>;
