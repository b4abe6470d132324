import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { VOUCHER_CODES_JOB, voucherCodesJob } from './voucher-code-job';
import { createVoucherCodeService } from './voucher-codes.service';
import { voucherRoutes } from './vouchers.routes';
import { createVoucherService } from './vouchers.service';

// The vouchers module on the API: the vouchers and their unique codes, whose generation is a
// job kind of the app's background-job runner.

export async function registerVoucherRoutes(
  api: FastifyInstance,
  { db, now, jobs }: { db: Db; now: Clock; jobs: JobRunner },
) {
  jobs.register(VOUCHER_CODES_JOB, voucherCodesJob);
  await api.register(voucherRoutes, {
    service: createVoucherService({ db, now }),
    codes: createVoucherCodeService({ db, jobs }),
  });
}
