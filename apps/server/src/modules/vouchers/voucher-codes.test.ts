import { backgroundJobSchema, voucherCodeRowSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { voucherCodes } from '../../db/schema/vouchers';
import { expectCode, expectInvalid } from '../../test/expect-code';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { uniqueVoucherBody, voucherBody } from '../../test/voucher-admin-fixtures';
import { auditsOf } from '../../test/fixtures';

// A voucher's unique codes through the API: generation as a job the app's runner does while the
// client follows its progress, the codes page by page, and the CSV of all of them.

const { t, api, as } = useTestApp({ signIn: ['admin', 'cashier'], api: 'admin' });
const { cashier } = as;

/** Codes the rule allows: the prefix, a dash, 8 of the 32 unambiguous characters (no 0 O 1 I). */
const codeRule = (prefix: string) => new RegExp(`^${prefix}-[A-HJ-NP-Z2-9]{8}$`);

const newVoucher = async (body = uniqueVoucherBody()) => {
  const res = await api.post('/api/vouchers', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};
const codesOf = (voucherId: string) =>
  t.database.db.select().from(voucherCodes).where(eq(voucherCodes.voucherId, voucherId));

/** Follows the job as a client does, until it is done or failed; answers every status seen. */
async function follow(voucherId: string, jobId: string) {
  const seen: { status: string; done: number; total: number }[] = [];
  for (let i = 0; i < 600; i++) {
    const res = await api.get(`/api/vouchers/${voucherId}/codes/jobs/${jobId}`);
    expect(res.statusCode, res.body).toBe(200);
    const job = backgroundJobSchema.strict().parse(res.json().data);
    seen.push(job);
    if (job.status === 'done' || job.status === 'failed') return seen;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job did not finish');
}

describe('POST /api/vouchers/{id}/codes', () => {
  it('answers 202 with the job, which ends done with exactly the codes asked', async () => {
    const id = await newVoucher();
    const res = await api.post(`/api/vouchers/${id}/codes`, { count: 2500, prefix: 'raya' });
    expect(res.statusCode, res.body).toBe(202);
    const job = backgroundJobSchema.strict().parse(res.json().data);
    expect(job).toMatchObject({ kind: 'voucher_codes', done: 0, total: 2500 });
    expect(['queued', 'running']).toContain(job.status);

    const seen = await follow(id, job.id);
    expect(seen.at(-1)).toMatchObject({ status: 'done', done: 2500, total: 2500 });
    // Progress never goes back.
    const dones = seen.map((s) => s.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));

    const codes = (await codesOf(id)).map((c) => c.code);
    expect(codes).toHaveLength(2500);
    expect(new Set(codes).size).toBe(2500);
    expect(codes.filter((c) => !codeRule('RAYA').test(c))).toEqual([]);
    expect((await api.get(`/api/vouchers/${id}`)).json().data.codes_generated).toBe(2500);

    const [entry] = await auditsOf(t, 'voucher.codes_generate', id);
    expect(entry?.after).toEqual({ job_id: job.id, count: 2500, prefix: 'RAYA' });
  });

  it('adds to the codes a voucher has; without a prefix a code is the 8 characters alone', async () => {
    const id = await newVoucher();
    for (const count of [3, 4]) {
      const res = await api.post(`/api/vouchers/${id}/codes`, { count });
      expect((await follow(id, res.json().data.id)).at(-1)?.status).toBe('done');
    }
    const codes = (await codesOf(id)).map((c) => c.code);
    expect(codes).toHaveLength(7);
    expect(codes.filter((c) => !/^[A-HJ-NP-Z2-9]{8}$/.test(c))).toEqual([]);
  });

  it('refuses a voucher with a shared code, a count out of range, and staff without update-voucher', async () => {
    const shared = await newVoucher(voucherBody());
    expectCode(
      await api.post(`/api/vouchers/${shared}/codes`, { count: 10 }),
      409,
      'voucher_codes_shared',
    );
    const id = await newVoucher();
    for (const count of [0, 100_001, 2.5]) {
      const res = await api.post(`/api/vouchers/${id}/codes`, { count });
      expectInvalid(res, ['count']);
    }
    const prefix = await api.post(`/api/vouchers/${id}/codes`, { count: 1, prefix: 'TOO-LONG' });
    expectInvalid(prefix, ['prefix']);
    expectCode(
      await api.post(`/api/vouchers/${id}/codes`, { count: 1 }, cashier),
      403,
      'forbidden',
    );
    expectCode(
      await api.post(`/api/vouchers/${id}/codes`, { count: 1 }, anonymous),
      401,
      'unauthorized',
    );
    expect(await codesOf(id)).toEqual([]);
  });

  it('answers 404 for a job of another voucher', async () => {
    const [a, b] = [await newVoucher(), await newVoucher()];
    const job = (await api.post(`/api/vouchers/${a}/codes`, { count: 1 })).json().data.id;
    await follow(a, job);
    expectCode(await api.get(`/api/vouchers/${b}/codes/jobs/${job}`), 404, 'not_found');
  });
});

/** A new voucher's `count` codes, generated under `prefix`, in code order. */
async function generatedCodes(count: number, prefix: string) {
  const id = await newVoucher();
  const job = (await api.post(`/api/vouchers/${id}/codes`, { count, prefix })).json().data.id;
  await follow(id, job);
  return { id, all: (await codesOf(id)).map((c) => c.code).sort() };
}
/** Marks a code redeemed at 10 June 2026, noon in Kuala Lumpur, straight in the database. */
const markRedeemed = (code: string) =>
  t.database.db
    .update(voucherCodes)
    .set({ redeemedAt: new Date('2026-06-10T04:00:00Z') })
    .where(eq(voucherCodes.code, code));

describe('GET /api/vouchers/{id}/codes and its export', () => {
  it('lists the codes in code order with paging, search and redeemed or not', async () => {
    const { id, all } = await generatedCodes(30, 'LST');
    const redeemed = all[7]!;
    await markRedeemed(redeemed);

    const page = await api.get(`/api/vouchers/${id}/codes?page=2&page_size=10`);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 2, page_size: 10, total: 30 });
    const rows = page.json().data.map((r: unknown) => voucherCodeRowSchema.strict().parse(r));
    expect(rows.map((r: { code: string }) => r.code)).toEqual(all.slice(10, 20));

    const used = await api.get(`/api/vouchers/${id}/codes?redeemed=true`);
    expect(used.json().data).toMatchObject([
      { code: redeemed, redeemed_at: '2026-06-10T04:00:00.000Z' },
    ]);
    expect((await api.get(`/api/vouchers/${id}/codes?redeemed=false`)).json().meta.total).toBe(29);
    const search = redeemed.slice(4, 9).toLowerCase();
    const found = await api.get(`/api/vouchers/${id}/codes?q=${search}&page_size=100`);
    expect(found.json().data.map((r: { code: string }) => r.code)).toContain(redeemed);
    expectCode(await api.get(`/api/vouchers/${id}/codes`, cashier), 403, 'forbidden');
  });

  it('exports every code as CSV in the asked language, streamed in chunks past one chunk', async () => {
    const { id, all } = await generatedCodes(1500, 'CSV');
    await markRedeemed(all[0]!);

    const res = await api.get(`/api/vouchers/${id}/codes/export?lang=my`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="voucher-codes-.*\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Kod,Status,Ditebus pada');
    // Times in the tenant's zone (Kuala Lumpur, UTC+8).
    expect(lines[1]).toBe(`${all[0]},Ditebus,2026/06/10 12:00:00`);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(all);
    expect(lines[2]).toBe(`${all[1]},Belum ditebus,`);
    const en = await api.get(`/api/vouchers/${id}/codes/export`);
    expect(en.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Code,Status,Redeemed at');
    expectCode(await api.get(`/api/vouchers/${id}/codes/export`, cashier), 403, 'forbidden');
  });
});
