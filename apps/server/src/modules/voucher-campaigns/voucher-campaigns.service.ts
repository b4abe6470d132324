import {
  type CampaignMove,
  type CampaignStatus,
  campaignEditable,
  campaignMove,
  campaignStatusAt,
  type VoucherCampaign,
  type VoucherCampaignInput,
  type VoucherCampaignListQuery,
  type VoucherCampaignParsed,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited, createdEntry, deletedEntry, updatedEntry } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError, found, validationError } from '../../lib/errors';
import type { JobRow, JobRunner } from '../../lib/jobs/job-runner';
import { toJob } from '../../lib/jobs/job-view';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as audience from './campaign-audience.repo';
import { audienceOf, CAMPAIGN_ISSUE_JOB, type CampaignIssueParams } from './campaign-issue-job';
import * as repo from './voucher-campaigns.repo';

// Voucher campaigns as the back office keeps them. The status is the contract's campaignStatusAt
// of the stored one, on every read, so a view is never stale; the tick (and every staff move)
// stores it. When a campaign goes live its issuing job is enqueued, once, in the same
// transaction as the move.

type CampaignRecord = Omit<repo.CampaignRow, 'voucherName'>;

const statusOf = (c: CampaignRecord, now: Date) =>
  campaignStatusAt(c.status as CampaignStatus, c.startsAt, c.endsAt, now);

export const toCampaign = (
  r: repo.CampaignRow,
  job: JobRow | null,
  now: Date,
): VoucherCampaign => ({
  id: r.id,
  name_en: r.nameEn,
  name_my: r.nameMy,
  voucher_id: r.voucherId,
  voucher_name: r.voucherName,
  audience_kind: r.audienceKind as VoucherCampaign['audience_kind'],
  audience_tier_id: r.audienceTierId,
  audience_days: r.audienceDays,
  audience_phones: r.audiencePhones,
  starts_at: r.startsAt.toISOString(),
  ends_at: r.endsAt.toISOString(),
  status: statusOf(r, now),
  issued_count: r.issuedCount,
  job: job ? toJob(job) : null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const valuesOf = (input: VoucherCampaignParsed): repo.CampaignValues => ({
  voucherId: input.voucher_id,
  nameEn: input.name_en,
  nameMy: input.name_my,
  audienceKind: input.audience_kind,
  audienceTierId: input.audience_tier_id,
  audienceDays: input.audience_days,
  audiencePhones: input.audience_phones,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
});

/** The month (1–12) of `at` on the wall clock of `timezone`. */
export const monthIn = (at: Date, timezone: string) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: timezone, month: 'numeric' }).format(at));

export function createVoucherCampaignService({
  db,
  now,
  jobs,
}: {
  db: Db;
  now: Clock;
  jobs: JobRunner;
}) {
  async function view(tenantId: string, id: string): Promise<VoucherCampaign> {
    const row = found(await repo.findById(db, tenantId, id));
    const [job] = await repo.jobsOf(db, tenantId, [id]);
    return toCampaign(row, job ?? null, now());
  }

  /** The voucher must be the tenant's and take unique codes; the tier must be the tenant's. */
  async function checkReferences(tenantId: string, input: VoucherCampaignParsed) {
    const kind = await repo.voucherCodeKind(db, tenantId, input.voucher_id);
    if (kind === null) {
      throw validationError([{ path: 'voucher_id', message: 'validation.invalid' }]);
    }
    if (kind !== 'unique') throw new AppError('voucher_campaign_voucher_shared');
    if (input.audience_tier_id && !(await repo.tierExists(db, tenantId, input.audience_tier_id))) {
      throw validationError([{ path: 'audience_tier_id', message: 'validation.invalid' }]);
    }
  }

  /**
   * Stores the status time has moved the locked campaign to, and enqueues its issuing job when it
   * is live with none queued or running and somebody of its audience still lacks a code: the
   * first job when it goes live, a continuation when it resumes after a pause stopped the job.
   * Answers whether a job was enqueued (wake the runner then).
   */
  async function settle(tx: Db, c: CampaignRecord, stored: CampaignStatus, at: Date) {
    const status = campaignStatusAt(stored, c.startsAt, c.endsAt, at);
    if (status !== c.status) await repo.setStatus(tx, c.tenantId, c.id, status);
    if (status !== 'ongoing') return false;
    const earlier = await repo.jobsOf(tx, c.tenantId, [c.id]);
    if (earlier.some((j) => j.status === 'queued' || j.status === 'running')) return false;
    // The audience is the one of the first going live, whichever job issues it.
    const first = earlier.at(-1);
    const params: CampaignIssueParams = first
      ? (first.params as CampaignIssueParams)
      : {
          as_of: at.toISOString(),
          month: monthIn(c.startsAt, await repo.tenantTimezone(tx, c.tenantId)),
        };
    const who = audienceOf(c, params);
    const total = await audience.audienceSize(tx, who);
    const issued = first ? await audience.issuedInAudience(tx, c.id, who) : 0;
    if (first && issued >= total) return false;
    const job = await jobs.enqueue(tx, {
      tenantId: c.tenantId,
      kind: CAMPAIGN_ISSUE_JOB,
      subjectId: c.id,
      params,
      total,
      createdBy: c.createdBy,
    });
    if (issued > 0) await audience.startJobAt(tx, c.tenantId, job.id, issued);
    return true;
  }

  return {
    async list(ctx: AuthedContext, q: VoucherCampaignListQuery) {
      const tenantId = tenantIdOf(ctx);
      const at = now();
      const page = await repo.list(
        db,
        tenantId,
        { q: q.q, status: q.status, now: at },
        q.page_size,
        offsetOf(q),
      );
      const jobRows = await repo.jobsOf(
        db,
        tenantId,
        page.rows.map((r) => r.id),
      );
      const latest = new Map<string, JobRow>();
      for (const j of jobRows) if (!latest.has(j.subjectId!)) latest.set(j.subjectId!, j);
      return pageAnswer(q, page, (r) => toCampaign(r, latest.get(r.id) ?? null, at));
    },

    get: (ctx: AuthedContext, id: string) => view(tenantIdOf(ctx), id),

    async create(ctx: AuthedContext, input: VoucherCampaignInput): Promise<VoucherCampaign> {
      const tenantId = tenantIdOf(ctx);
      const parsed = input as VoucherCampaignParsed;
      await checkReferences(tenantId, parsed);
      const id = await audited(db, ctx, createdEntry('voucher_campaign', input), (tx) =>
        repo.insert(tx, tenantId, ctx.principal.userId, valuesOf(parsed)),
      );
      return view(tenantId, id);
    },

    /** Changes a campaign while nothing has been issued (draft or scheduled). */
    async update(ctx: AuthedContext, id: string, input: VoucherCampaignInput) {
      const tenantId = tenantIdOf(ctx);
      const parsed = input as VoucherCampaignParsed;
      const before = await view(tenantId, id);
      await checkReferences(tenantId, parsed);
      const at = now();
      let woke = false;
      await audited(db, ctx, updatedEntry('voucher_campaign', id, before, input), async (tx) => {
        const current = found(await repo.lockById(tx, tenantId, id));
        if (!campaignEditable(statusOf(current, at))) {
          throw new AppError('voucher_campaign_not_editable');
        }
        const values = valuesOf(parsed);
        await repo.update(tx, tenantId, id, values);
        // A scheduled campaign whose new start has passed goes live now.
        woke = await settle(
          tx,
          { ...current, ...values } as CampaignRecord,
          current.status as CampaignStatus,
          at,
        );
      });
      if (woke) jobs.wake();
      return view(tenantId, id);
    },

    /** A staff move (schedule, unschedule, pause, resume, end) from the status now. */
    async move(ctx: AuthedContext, id: string, move: CampaignMove): Promise<VoucherCampaign> {
      const tenantId = tenantIdOf(ctx);
      const at = now();
      let woke = false;
      const entry = (r: { from: CampaignStatus; to: CampaignStatus }) => ({
        action: `voucher_campaign.${move}`,
        entity: 'voucher_campaign',
        entityId: id,
        before: { status: r.from },
        after: { status: r.to },
      });
      await audited(db, ctx, entry, async (tx) => {
        const current = found(await repo.lockById(tx, tenantId, id));
        const from = statusOf(current, at);
        const answer = campaignMove(from, move);
        if (!answer.ok) throw new AppError(answer.refusal);
        await repo.setStatus(tx, tenantId, id, answer.to);
        // Scheduling a campaign whose start has passed takes it live at once.
        woke = await settle(tx, { ...current, status: answer.to }, answer.to, at);
        return { from, to: campaignStatusAt(answer.to, current.startsAt, current.endsAt, at) };
      });
      if (woke) jobs.wake();
      return view(tenantId, id);
    },

    /** Deletes a draft (nothing was ever issued by it). */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await view(tenantId, id);
      await audited(db, ctx, deletedEntry('voucher_campaign', id, before), async (tx) => {
        const current = found(await repo.lockById(tx, tenantId, id));
        if (statusOf(current, now()) !== 'draft') throw new AppError('voucher_campaign_not_draft');
        await repo.remove(tx, tenantId, id);
      });
      return { id, deleted: true };
    },

    /**
     * Stores the statuses time has moved, in every tenant (the housekeeping tick): scheduled
     * campaigns past their start go live with their issuing job, live ones past their end end.
     */
    async tick(at: Date = now()): Promise<number> {
      const due = await repo.dueForMove(db, at);
      let moved = 0;
      let woke = false;
      for (const { id, tenantId } of due) {
        woke =
          (await db.transaction(async (tx) => {
            const current = await repo.lockById(tx, tenantId, id);
            if (!current) return false;
            moved++;
            return settle(tx, current, current.status as CampaignStatus, at);
          })) || woke;
      }
      if (woke) jobs.wake();
      return moved;
    },
  };
}

export type VoucherCampaignService = ReturnType<typeof createVoucherCampaignService>;

/** Runs the tick every `everyMs` (a minute); answers the stop. */
export function scheduleCampaignTick(
  service: VoucherCampaignService,
  onError: (error: unknown) => void,
  everyMs = 60_000,
): () => void {
  const timer = setInterval(() => {
    service.tick().catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
