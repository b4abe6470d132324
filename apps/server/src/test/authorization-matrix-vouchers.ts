import { backgroundJobs } from '../db/schema/jobs';
import type { Db } from '../db/database';
import { uniqueVoucherBody, voucherBody } from './voucher-admin-fixtures';
import { uniqueVoucher } from './voucher-campaign-fixtures';

// The authorization matrix's requests for the vouchers' routes: each on a fresh voucher of the
// demo tenant, written straight to the database, so one role's write never changes another's.

export function voucherMatrixRequests(env: () => { db: Db; tenantId: string }) {
  const newVoucher = (codeKind: 'shared' | 'unique' = 'unique') =>
    uniqueVoucher(env().db, env().tenantId, codeKind);
  /** A finished code job of a fresh voucher (done: the app's runner leaves it be). */
  async function finishedJob() {
    const voucher = await newVoucher();
    const [job] = await env()
      .db.insert(backgroundJobs)
      .values({
        tenantId: env().tenantId,
        kind: 'voucher_codes',
        subjectId: voucher.id,
        params: { prefix: '' },
        status: 'done',
        total: 1,
        done: 1,
      })
      .returning();
    return `/api/vouchers/${voucher.id}/codes/jobs/${job!.id}`;
  }
  return {
    'GET /api/vouchers': () => ({ url: '/api/vouchers?state=active&code_kind=unique' }),
    'GET /api/vouchers/:id': async () => ({ url: `/api/vouchers/${(await newVoucher()).id}` }),
    'POST /api/vouchers': () => ({ url: '/api/vouchers', payload: voucherBody() }),
    'PUT /api/vouchers/:id': async () => ({
      url: `/api/vouchers/${(await newVoucher()).id}`,
      payload: uniqueVoucherBody({ name_en: 'Matrix renamed' }),
    }),
    'DELETE /api/vouchers/:id': async () => ({ url: `/api/vouchers/${(await newVoucher()).id}` }),
    'POST /api/vouchers/:id/codes': async () => ({
      url: `/api/vouchers/${(await newVoucher()).id}/codes`,
      payload: { count: 2, prefix: 'MX' },
    }),
    'GET /api/vouchers/:id/codes': async () => ({
      url: `/api/vouchers/${(await newVoucher()).id}/codes?redeemed=false`,
    }),
    'GET /api/vouchers/:id/codes/jobs/:jobId': async () => ({ url: await finishedJob() }),
    'GET /api/vouchers/:id/codes/export': async () => ({
      url: `/api/vouchers/${(await newVoucher()).id}/codes/export?lang=my`,
    }),
  };
}
