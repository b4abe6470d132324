import type { Db } from '../db/database';
import { createJobRunner, type JobHandler } from '../lib/jobs/job-runner';

/**
 * A job runner with one kind of job, as a test drives it. With `stopAfter`, its process stops
 * once that many chunks are done (a deploy taking it down mid-way): the job goes back to the queue
 * for the next runner.
 */
export function runnerOf(
  db: Db,
  name: string,
  handler: JobHandler,
  options: { chunkSize: number; stopAfter?: number },
) {
  const runner = createJobRunner({ db, chunkSize: options.chunkSize });
  let chunks = 0;
  runner.register(name, {
    async step(tx, job, limit) {
      const did = await handler.step(tx, job, limit);
      if (++chunks === options.stopAfter) void runner.stop();
      return did;
    },
  });
  return runner;
}
