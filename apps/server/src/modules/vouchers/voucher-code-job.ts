import { randomBytes } from 'node:crypto';
import { issuedCode } from '@kopi/contract';
import type { Db } from '../../db/database';
import { type JobHandler, JobFailed, type JobRow } from '../../lib/jobs/job-runner';
import * as repo from './voucher-codes.repo';

// Generating a voucher's unique codes, as a background job (lib/jobs): each chunk adds exactly
// the codes it is asked for, in the chunk's transaction, so a job stopped half-way goes on from
// the codes it committed and ends with exactly the count asked.

export const VOUCHER_CODES_JOB = 'voucher_codes';

export interface VoucherCodesParams {
  prefix: string;
}

/** Random characters of a voucher's generated code (an issued campaign code has more). */
export const CODE_RANDOM_LENGTH = 8;

/**
 * A fresh code: the prefix and a dash (when there is a prefix), then 8 crypto-random characters
 * of the contract's code alphabet (one generator for voucher and campaign codes).
 */
export const randomCode = (prefix: string): string =>
  issuedCode(randomBytes(CODE_RANDOM_LENGTH), prefix);

/** Rounds of fresh codes a chunk may need when codes collide; collisions are rare by far. */
const MAX_ROUNDS = 20;

/** Adds `count` new codes to the voucher (retrying the ones that collide with existing codes). */
export async function addCodes(
  tx: Db,
  tenantId: string,
  voucherId: string,
  prefix: string,
  count: number,
): Promise<void> {
  let missing = count;
  for (let round = 0; missing > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error(`could not find ${missing} free codes`);
    const fresh = new Set<string>();
    while (fresh.size < missing) fresh.add(randomCode(prefix));
    // A generated code must not read as another voucher's shared code either.
    const shared = new Set(await repo.sharedCodesAmong(tx, tenantId, [...fresh]));
    const codes = [...fresh].filter((c) => !shared.has(c));
    missing -= await repo.insertCodes(tx, tenantId, voucherId, codes);
  }
}

export const voucherCodesJob: JobHandler = {
  async step(tx: Db, job: JobRow, limit: number) {
    const voucherId = job.subjectId!;
    const kind = await repo.codeKindOf(tx, job.tenantId, voucherId);
    if (kind !== 'unique') throw new JobFailed('the voucher is gone or takes no unique codes');
    const { prefix } = job.params as VoucherCodesParams;
    await addCodes(tx, job.tenantId, voucherId, prefix, limit);
    return limit;
  },
};
