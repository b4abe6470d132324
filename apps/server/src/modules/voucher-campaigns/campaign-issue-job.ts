import { randomBytes } from 'node:crypto';
import {
  type CampaignAudienceKind,
  type CampaignStatus,
  campaignStatusAt,
  ISSUED_CODE_LENGTH,
  issuedCode,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { type Clock, systemClock } from '../../lib/clock';
import { type JobHandler, JobFailed, type JobRow } from '../../lib/jobs/job-runner';
import * as audience from './campaign-audience.repo';

// Issuing a campaign's codes, as a background job (lib/jobs): each chunk issues one code to each
// of the next customers of the audience who has none from the campaign yet, and counts them on
// the campaign, in the chunk's transaction. The unique index on (campaign, customer) and the
// "none yet" look-up make it safe to run again: a restarted or repeated job issues nobody twice.
// Each chunk first locks the campaign and reads its status now: only an ongoing campaign issues.
// A paused or ended one ends the job there (done, not failed); resuming enqueues a continuation
// with the same audience moment, which picks up whoever has no code yet (docs/decisions/054).

export const CAMPAIGN_ISSUE_JOB = 'voucher_campaign_issue';

export interface CampaignIssueParams {
  /** The moment the audience is taken at: when the campaign went live. */
  as_of: string;
  /** The birthday month (1–12): the campaign's start month in the tenant's time zone. */
  month: number;
}

/** Rounds of fresh codes a chunk may need when codes collide; collisions are rare by far. */
const MAX_ROUNDS = 20;

/** The audience of a campaign row as the job reads it. */
export const audienceOf = (
  c: {
    tenantId: string;
    audienceKind: string;
    audienceTierId: string | null;
    audienceDays: number | null;
    audiencePhones: string[];
  },
  params: CampaignIssueParams,
): audience.Audience => ({
  tenantId: c.tenantId,
  kind: c.audienceKind as CampaignAudienceKind,
  tierId: c.audienceTierId,
  days: c.audienceDays,
  phones: c.audiencePhones,
  asOf: params.as_of,
  month: params.month,
});

/** Issues a code to each of `customerIds` (retrying the codes that collide); answers how many. */
async function issue(
  tx: Db,
  tenantId: string,
  voucherId: string,
  campaignId: string,
  customerIds: string[],
): Promise<number> {
  let pending = customerIds;
  let issued = 0;
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error(`could not find free codes for ${pending.length}`);
    const codes = pending.map(() => issuedCode(randomBytes(ISSUED_CODE_LENGTH)));
    // A generated code must not read as another voucher's shared code either.
    const shared = await audience.sharedCodesAmong(tx, tenantId, codes);
    const tries = pending
      .map((customerId, i) => ({ customerId, code: codes[i]! }))
      .filter((t) => !shared.has(t.code));
    const done = new Set(await audience.insertIssued(tx, tenantId, voucherId, campaignId, tries));
    issued += done.size;
    // Passed over: the code was taken (try again), or the customer already has theirs.
    const left = pending.filter((id) => !done.has(id));
    const had = await audience.alreadyIssued(tx, tenantId, campaignId, left);
    pending = left.filter((id) => !had.has(id));
  }
  return issued;
}

/** The issuing job's handler, reading the campaign's status at `now` before each chunk. */
export const createCampaignIssueJob = (now: Clock): JobHandler => ({
  async step(tx: Db, job: JobRow, limit: number) {
    const campaignId = job.subjectId!;
    // Locked: a pause or an end waits for the chunk in flight, and the next chunk sees it.
    const found = await audience.campaignForJob(tx, job.tenantId, campaignId);
    if (!found) throw new JobFailed('the campaign is gone');
    if (found.codeKind !== 'unique') throw new JobFailed('the voucher takes no unique codes');
    const { campaign } = found;
    const status = campaignStatusAt(
      campaign.status as CampaignStatus,
      campaign.startsAt,
      campaign.endsAt,
      now(),
    );
    if (status !== 'ongoing') {
      // Paused or ended: the job ends here without issuing; the one unit answered is the stop.
      await audience.endJob(tx, job.tenantId, job.id);
      return 1;
    }
    const who = audienceOf(campaign, job.params as CampaignIssueParams);
    const recipients = await audience.nextRecipients(tx, campaignId, who, limit);
    const issued = await issue(tx, job.tenantId, campaign.voucherId, campaignId, recipients);
    await audience.addIssued(tx, job.tenantId, campaignId, issued);
    // Fewer customers than asked: the audience shrank since it was counted (someone was disabled
    // or erased), so the job is over; the units left count as done.
    return recipients.length < limit ? limit : Math.max(1, recipients.length);
  },
});

/** The issuing job on the system clock (the app registers its own clock's). */
export const campaignIssueJob = createCampaignIssueJob(systemClock);
