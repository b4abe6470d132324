import type { BackgroundJob } from '@kopi/contract';
import type { JobRow } from './job-runner';

/** A background job as the API answers it: its progress and, once ended, when and how. */
export const toJob = (j: JobRow): BackgroundJob => ({
  id: j.id,
  kind: j.kind,
  status: j.status as BackgroundJob['status'],
  done: j.done,
  total: j.total,
  error: j.error,
  created_at: j.createdAt.toISOString(),
  finished_at: j.finishedAt?.toISOString() ?? null,
});
