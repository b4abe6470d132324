import { asc, eq } from 'drizzle-orm';
import { backgroundJobs } from '../../db/schema/jobs';
import { vouchers } from '../../db/schema/vouchers';
import type { TestAppContext } from '../use-test-app';
import { uniqueVoucherBody, voucherBody } from '../voucher-admin-fixtures';
import { twoTargets, type Drivers } from './walk';
import { rowsIn } from '../fixtures';

// Vouchers and the generation of their unique codes. Every driver makes its own vouchers
// through the API, so one route's drive never changes what another reads.

export function voucherDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t, api } = ctx;
  const db = () => t.database.db;
  const newVoucher = async (body: Record<string, unknown> = uniqueVoucherBody()) => {
    const res = await api.post('/api/vouchers', body);
    if (res.statusCode !== 201) throw new Error(`voucher: ${res.body}`);
    return res.json().data as { id: string; name_en: string; code: string | null };
  };
  const vouchersById = (ids: string[]) => rowsIn(t, vouchers, vouchers.id, ids);
  const vouchersNamed = (names: string[]) =>
    rowsIn(t, vouchers, vouchers.nameEn, names, vouchers.id);
  return {
    'POST /api/vouchers': async () => {
      const [a, b] = [voucherBody(), voucherBody()];
      return {
        url: '/api/vouchers',
        first: a,
        second: b,
        effect: () => vouchersNamed([a.name_en, b.name_en]),
      };
    },
    'PUT /api/vouchers/:id': async () => {
      const voucher = await newVoucher();
      return {
        url: `/api/vouchers/${voucher.id}`,
        first: uniqueVoucherBody({ name_en: voucher.name_en, value: 200 }),
        second: uniqueVoucherBody({ name_en: voucher.name_en, value: 300 }),
        effect: () => vouchersById([voucher.id]),
      };
    },
    'DELETE /api/vouchers/:id': () =>
      twoTargets(
        newVoucher,
        (a) => `/api/vouchers/${a.id}`,
        (a, b) => vouchersById([a.id, b.id]),
      ),
    'POST /api/vouchers/:id/codes': async () => {
      const voucher = await newVoucher();
      return {
        url: `/api/vouchers/${voucher.id}/codes`,
        first: { count: 2, prefix: 'RU' },
        second: { count: 3, prefix: 'RU' },
        // The jobs asked for (their codes are made meanwhile in the background).
        effect: () =>
          db()
            .select({ id: backgroundJobs.id, total: backgroundJobs.total })
            .from(backgroundJobs)
            .where(eq(backgroundJobs.subjectId, voucher.id))
            .orderBy(asc(backgroundJobs.id)),
      };
    },
  };
}
