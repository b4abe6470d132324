import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import * as store from './jobs-store';

// A small generic background-job runner. A request enqueues a job (a kind, its parameters and
// how many units of work it is) in its own transaction; a runner started with the app claims
// queued jobs (FOR UPDATE SKIP LOCKED, so several instances share the queue) and hands each to
// its kind's handler a chunk at a time. Each chunk's work and the job's progress commit in one
// transaction, so a crash or a restart loses at most the chunk in flight: the job's claim lapses,
// another runner takes it, and it goes on from `done`, never doing more units than `total`.

export type JobRow = store.JobRow;
export type NewJob = store.NewJob;

export interface JobHandler {
  /**
   * Does the next `limit` units of `job` (done so far: `job.done`) inside `tx`, and answers how
   * many it did (1..limit). Throw `JobFailed` when the job can never finish (its subject is gone).
   */
  step(tx: Db, job: JobRow, limit: number): Promise<number>;
}

/** A job that cannot succeed however often it is retried. */
export class JobFailed extends Error {
  override name = 'JobFailed';
}

export interface JobRunnerOptions {
  db: Db;
  log?: { error(obj: unknown, msg?: string): void };
  /** Units per committed chunk. */
  chunkSize?: number;
  /** How long a claim holds without progress before another runner may take the job. */
  claimMs?: number;
  /** How often the queue is looked at when nothing woke the runner. */
  pollMs?: number;
  /** Claims of a job before an error fails it instead of queueing it again. */
  maxAttempts?: number;
}

export type JobRunner = ReturnType<typeof createJobRunner>;

export function createJobRunner(options: JobRunnerOptions) {
  const { db } = options;
  const chunkSize = options.chunkSize ?? 1000;
  const claimMs = options.claimMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 5_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const handlers = new Map<string, JobHandler>();
  /** This runner's name on the jobs it claims. */
  const id = randomUUID();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<number> | null = null;
  let again = false;

  /** One chunk of a claimed job: 'more' to go on, 'finished', or 'lost' (no longer ours). */
  const chunk = (job: JobRow, handler: JobHandler) =>
    db.transaction(async (tx) => {
      const current = await store.lockClaimed(tx, job.id, id);
      if (!current) return 'lost' as const;
      const limit = Math.min(chunkSize, current.total - current.done);
      let did = 0;
      if (limit > 0) {
        did = await handler.step(tx, current, limit);
        if (!Number.isInteger(did) || did < 1 || did > limit) {
          throw new Error(`job ${current.kind} did ${did} units of ${limit} asked`);
        }
      }
      await store.recordProgress(tx, current, current.done + did, claimMs);
      return current.done + did >= current.total ? ('finished' as const) : ('more' as const);
    });

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind)!;
    try {
      for (;;) {
        if (stopping) {
          // Stopped between chunks: the job waits in the queue for the next start.
          await store.release(db, job.id, id, { status: 'queued' });
          return;
        }
        if ((await chunk(job, handler)) !== 'more') return;
      }
    } catch (error) {
      const final = error instanceof JobFailed || job.attempts >= maxAttempts;
      options.log?.error({ err: error, jobId: job.id, kind: job.kind }, 'background job failed');
      await store.release(
        db,
        job.id,
        id,
        final
          ? { status: 'failed', error: error instanceof Error ? error.message : String(error) }
          : { status: 'queued' },
      );
    }
  }

  /** Claims and runs jobs until none is left to claim; answers how many it ran. */
  async function drain(): Promise<number> {
    let ran = 0;
    while (!stopping) {
      const job = await store.claimNext(db, id, [...handlers.keys()], claimMs);
      if (!job) break;
      await run(job);
      ran++;
    }
    return ran;
  }

  /** Runs the queue now, or once more after the run in progress when one is. */
  function runPending(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      let ran = 0;
      do {
        again = false;
        ran += await drain();
      } while (again && !stopping);
      return ran;
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  const logged = () => {
    runPending().catch((error: unknown) =>
      options.log?.error({ err: error }, 'background job runner failed'),
    );
  };

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    /** Adds a job in the caller's transaction; call `wake` once it has committed. */
    enqueue: (tx: Db, job: NewJob) => store.insertJob(tx, job),
    runPending,
    /** Looks at the queue soon (a job was just enqueued). */
    wake() {
      if (started && !stopping) setImmediate(logged);
    },
    /** Looks at the queue every `pollMs` (claims of dead runners lapse and are taken up here). */
    start() {
      started = true;
      stopping = false;
      timer = setInterval(logged, pollMs);
      timer.unref();
      this.wake();
    },
    /** Stops after the chunk in flight; a job not finished goes back to the queue. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await draining?.catch(() => {});
    },
  };
}
