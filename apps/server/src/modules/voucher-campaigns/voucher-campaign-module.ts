import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobRunner } from '../../lib/jobs/job-runner';
import { CAMPAIGN_ISSUE_JOB, createCampaignIssueJob } from './campaign-issue-job';
import { voucherCampaignRoutes } from './voucher-campaigns.routes';
import { createVoucherCampaignService, scheduleCampaignTick } from './voucher-campaigns.service';

// Voucher campaigns on the API: the routes, the issuing job kind of the app's background-job
// runner, and the tick that moves statuses by time. Answers the tick's stop.

export async function registerVoucherCampaignRoutes(
  api: FastifyInstance,
  { db, now, jobs, tick }: { db: Db; now: Clock; jobs: JobRunner; tick: boolean },
): Promise<() => void> {
  jobs.register(CAMPAIGN_ISSUE_JOB, createCampaignIssueJob(now));
  const service = createVoucherCampaignService({ db, now, jobs });
  await api.register(voucherCampaignRoutes, { service });
  return tick
    ? scheduleCampaignTick(service, (error) =>
        api.log.error({ err: error }, 'voucher campaign tick failed'),
      )
    : () => {};
}
