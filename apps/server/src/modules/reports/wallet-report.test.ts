import { salesReportSchema } from '@kopi/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { demoTenantId } from '../../test/order-fixtures';
import { addCustomer, postTestWallet } from '../../test/points-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { walletTable } from './report-export';

// The sales report's wallet section: top-ups are stored value, not sales, so they are reported
// apart (with wallet spend, other movements and the outstanding balance at either end of the
// period), by the tenant's business days; and the XLSX export's wallet sheet.

const { t, api, as } = useTestApp({ signIn: ['admin', 'finance', 'manager'], api: 'admin' });
const { finance, manager } = as;

/** A Kuala Lumpur wall time (UTC+8). */
const kl = (local: string) => new Date(`${local}+08:00`);
const RANGE = 'from=2026-06-01&to=2026-06-07';

beforeAll(async () => {
  const tenantId = await demoTenantId(t);
  const a = (await addCustomer(t, tenantId, { name: 'Wallet A' })).id;
  const b = (await addCustomer(t, tenantId, { name: 'Wallet B' })).id;
  await postTestWallet(t, tenantId, a, 'topup', 5000, kl('2026-05-28T10:00:00'));
  await postTestWallet(t, tenantId, a, 'topup', 2000, kl('2026-06-02T10:00:00'));
  await postTestWallet(t, tenantId, a, 'spend', -1500, kl('2026-06-03T12:00:00'));
  await postTestWallet(t, tenantId, a, 'refund', 300, kl('2026-06-04T12:00:00'));
  await postTestWallet(t, tenantId, a, 'adjustment', -200, kl('2026-06-05T12:00:00'));
  await postTestWallet(t, tenantId, b, 'reward', 500, kl('2026-06-05T13:00:00'));
  await postTestWallet(t, tenantId, b, 'expiry', -100, kl('2026-06-06T13:00:00'));
  // 02:00 on the 8th is still the 7th's business day (04:00 cut-off); 05:00 is the 8th's.
  await postTestWallet(t, tenantId, b, 'topup', 1000, kl('2026-06-08T02:00:00'));
  await postTestWallet(t, tenantId, b, 'topup', 4000, kl('2026-06-08T05:00:00'));
});

describe('the wallet section of GET /api/reports/sales', () => {
  it('reports top-ups apart from sales, with spend and the outstanding balance at either end', async () => {
    const res = await api.get(`/api/reports/sales?${RANGE}`, finance);
    expect(res.statusCode, res.body).toBe(200);
    const report = salesReportSchema.parse(res.json().data);
    expect(report.wallet?.current).toEqual({
      topups: 2,
      topup_amount: 3000,
      spends: 1,
      spend: 1500,
      other_credit: 800,
      other_debit: 300,
      opening: 5000,
      outstanding: 7000,
    });
    // 2026-05-25 to 2026-05-31: the first top-up.
    expect(report.wallet?.previous).toEqual({
      topups: 1,
      topup_amount: 5000,
      spends: 0,
      spend: 0,
      other_credit: 0,
      other_debit: 0,
      opening: 0,
      outstanding: 5000,
    });
    // Top-ups are not sales.
    expect(report.totals.current.net).toBe(0);
  });

  it('balances: opening + in − out = outstanding, in every grouping', async () => {
    for (const groupBy of ['day', 'payment_method', 'product', 'source']) {
      const body = (
        await api.get(`/api/reports/sales?${RANGE}&group_by=${groupBy}&compare=none`)
      ).json().data;
      const w = body.wallet.current;
      expect(w.opening + w.topup_amount + w.other_credit - w.spend - w.other_debit, groupBy).toBe(
        w.outstanding,
      );
      expect(body.wallet.previous).toBeNull();
    }
  });

  it('has no wallet section with an outlet in view: wallets belong to the business', async () => {
    const { kl: outlet } = await demoOutletIds(t);
    const res = await api.get(`/api/reports/sales?${RANGE}&outlet_id=${outlet}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.wallet).toBeNull();
    // An outlet-bound manager always has one in view.
    expect((await api.get(`/api/reports/sales?${RANGE}`, manager)).json().data.wallet).toBeNull();
  });

  it('answers 401 without a token and 400 for a bad range', async () => {
    expect((await api.get(`/api/reports/sales?${RANGE}`, anonymous)).statusCode).toBe(401);
    expectCode(
      await api.get('/api/reports/sales?from=2026-06-07&to=2026-06-01'),
      400,
      'validation_failed',
    );
  });

  it('writes the wallet figures on a sheet of their own in the XLSX export', async () => {
    const res = await api.get(`/api/reports/sales/export?${RANGE}&format=xlsx&lang=my`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Dompet')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Dompet', 'Tempoh ini', 'Tempoh sebelum']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Tambah nilai', 2, 1]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'Ditambah nilai (RM)', 30, 50]);
    expect(sheet.getRow(9).values).toEqual([undefined, 'Baki tertunggak pada akhir (RM)', 70, 50]);
    const report = salesReportSchema.parse(
      (await api.get(`/api/reports/sales?${RANGE}`)).json().data,
    );
    expect(walletTable({ ...report, wallet: null }, 'en')).toBeNull();
  });
});
