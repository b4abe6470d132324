import {
  addDays,
  daysBetween,
  discountGiven,
  type PaymentReportRow,
  type ProductReportRow,
  type RefundMethodRow,
  type ReportOutlet,
  previousPeriod,
  type SalesReport,
  type SalesReportExportQuery,
  type SalesReportQuery,
  type SalesReportRow,
  type VoucherFigures,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { type ReadRouter, readsFromPrimary } from '../../db/read-replica';
import { AppError } from '../../lib/errors';
import { exportLocale } from '../../lib/export-locale';
import type { AuthedContext } from '../../lib/request-context';
import { readableOutletsOf, tenantOutlets } from '../../lib/scoped-outlets';
import { tenantIdOf } from '../../lib/caller-tenant';
import { reportCsv, reportXlsx } from './report-export';
import * as repo from './reports.repo';
import { addFigures, figuresOf, zeroFigures } from './sales-figures';
import { vouchersBy } from './voucher-report.repo';
import { walletFigures } from './wallet-report.repo';

// GET /api/reports/sales: the rollups of a range of business days, grouped one way, with the
// period of the same length just before. Staff bound to an outlet see only that outlet.

/** The tenant, and the outlet in view: an outlet-bound user's own whatever they ask for. */
export async function reportScopeOf(db: Db, ctx: AuthedContext, outletId: string | undefined) {
  const tenantId = tenantIdOf(ctx);
  const bound = ctx.principal.outletId;
  if (bound && outletId && outletId !== bound) throw new AppError('not_found');
  const only = outletId ?? bound ?? null;
  const outlets = await tenantOutlets(db, tenantId, only);
  if (only && outlets.length === 0) throw new AppError('not_found');
  return { tenantId, outletId: only, outlets };
}

const byNetDesc = (a: SalesReportRow, b: SalesReportRow) =>
  b.current.net - a.current.net ||
  (b.previous?.net ?? 0) - (a.previous?.net ?? 0) ||
  (a.key < b.key ? -1 : 1);

export function createReportService({
  db,
  reads = readsFromPrimary(db),
}: {
  db: Db;
  /** Where the figures are read: a replica when one is set (db/read-replica.ts). */
  reads?: ReadRouter;
}) {
  async function report(ctx: AuthedContext, q: SalesReportQuery): Promise<SalesReport> {
    const { value, freshness } = await reads.read(ctx, (from) => reportFrom(from, ctx, q));
    return freshness ? { ...value, freshness } : value;
  }

  async function reportFrom(db: Db, ctx: AuthedContext, q: SalesReportQuery): Promise<SalesReport> {
    const { tenantId, outletId, outlets } = await reportScopeOf(db, ctx, q.outlet_id);
    const previous = q.compare === 'previous' ? previousPeriod(q.from, q.to) : null;
    const days = daysBetween(q.from, q.to);
    const scope: repo.ReportScope = {
      tenantId,
      readFrom: previous?.from ?? q.from,
      from: q.from,
      to: q.to,
      outletId,
    };
    const indexes = new WeakMap<object, Map<string, unknown>>();
    const pick = <T>(rows: repo.KeyedFigures<T>[], current: boolean, key: string) => {
      let index = indexes.get(rows) as Map<string, T> | undefined;
      if (!index) {
        index = new Map(rows.map((r) => [`${r.current ? 'c' : 'p'}|${r.key}`, r.figures]));
        indexes.set(rows, index);
      }
      return index.get(`${current ? 'c' : 'p'}|${key}`);
    };
    const totalsOf = async () => {
      const rows = await repo.salesBy(db, scope, 'all');
      return {
        current: pick(rows, true, '') ?? zeroFigures(),
        previous: previous ? (pick(rows, false, '') ?? zeroFigures()) : null,
      };
    };
    // Wallets belong to the business, not an outlet: none with an outlet in view.
    const wallet = outletId
      ? null
      : {
          current: await walletFigures(db, tenantId, q.from, q.to),
          previous: previous ? await walletFigures(db, tenantId, previous.from, previous.to) : null,
        };
    const base = {
      from: q.from,
      to: q.to,
      days,
      outlet_id: outletId,
      previous,
      wallet,
    };

    if (q.group_by === 'payment_method') {
      const [rows, refunds, totals] = await Promise.all([
        repo.paymentsBy(db, scope),
        repo.refundsBy(db, scope),
        totalsOf(),
      ]);
      const noRefunds = { refunds: 0, amount: 0 };
      const refundsByMethod: RefundMethodRow[] = [...new Set(refunds.map((r) => r.key))]
        .map((key) => ({
          key: key as RefundMethodRow['key'],
          current: pick(refunds, true, key) ?? noRefunds,
          previous: previous ? (pick(refunds, false, key) ?? noRefunds) : null,
        }))
        .sort((a, b) => b.current.amount - a.current.amount || (a.key < b.key ? -1 : 1));
      const keys = [...new Set(rows.map((r) => r.key))];
      const out: PaymentReportRow[] = keys.map((key) => ({
        key: key as PaymentReportRow['key'],
        label: null,
        previous_key: previous ? key : null,
        current: pick(rows, true, key) ?? { payments: 0, amount: 0 },
        previous: previous ? (pick(rows, false, key) ?? { payments: 0, amount: 0 }) : null,
      }));
      out.sort((a, b) => b.current.amount - a.current.amount || (a.key < b.key ? -1 : 1));
      return {
        ...base,
        group_by: 'payment_method',
        totals,
        rows: out,
        refunds_by_method: refundsByMethod,
      };
    }

    if (q.group_by === 'product') {
      const noProduct = { quantity: 0, gross: 0, refunded_quantity: 0, refunded: 0 };
      const [rows, totals] = await Promise.all([repo.productsBy(db, scope, previous), totalsOf()]);
      const byKey = new Map<string, ProductReportRow>();
      for (const r of rows) {
        const row = byKey.get(r.key) ?? {
          key: r.key,
          label: r.name,
          label_my: r.nameMy,
          sku: r.sku,
          previous_key: previous ? r.key : null,
          current: noProduct,
          previous: previous ? noProduct : null,
        };
        if (r.current) row.current = r.figures;
        else if (previous) row.previous = r.figures;
        byKey.set(r.key, row);
      }
      const out = [...byKey.values()]
        .sort(
          (a, b) =>
            b.current.gross - a.current.gross ||
            b.current.quantity - a.current.quantity ||
            (b.previous?.gross ?? 0) - (a.previous?.gross ?? 0) ||
            (a.key < b.key ? -1 : 1),
        )
        .slice(0, q.limit);
      return { ...base, group_by: 'product', totals, rows: out };
    }

    if (q.group_by === 'voucher') {
      const [rows, totals] = await Promise.all([
        vouchersBy(db, scope, previous !== null),
        totalsOf(),
      ]);
      const given = (f: VoucherFigures | null) => (f ? discountGiven(f) : 0);
      const byGiven = (
        a: { key: string | null; current: VoucherFigures; previous: VoucherFigures | null },
        b: typeof a,
      ) =>
        given(b.current) - given(a.current) ||
        given(b.previous) - given(a.previous) ||
        // Codes no campaign issued come after the campaigns.
        (a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1);
      for (const row of rows) row.campaigns.sort(byGiven);
      return { ...base, group_by: 'voucher', totals, rows: rows.sort(byGiven) };
    }

    const group = q.group_by;
    // One read: the totals are the sums of the groups.
    const rows = await repo.salesBy(db, scope, group);
    const sumOf = (current: boolean) =>
      rows
        .filter((r) => r.current === current)
        .reduce((sum, r) => addFigures(sum, r.figures), zeroFigures());
    const totals = { current: sumOf(true), previous: previous ? sumOf(false) : null };
    let out: SalesReportRow[];
    if (group === 'day') {
      // Every day of the range, in order, beside the day in the same place of the previous one.
      out = Array.from({ length: days }, (_, i) => {
        const key = addDays(q.from, i);
        const previousKey = previous ? addDays(previous.from, i) : null;
        return {
          key,
          label: null,
          previous_key: previousKey,
          current: pick(rows, true, key) ?? zeroFigures(),
          previous: previousKey ? (pick(rows, false, previousKey) ?? zeroFigures()) : null,
        };
      });
    } else {
      const names = new Map(outlets.map((o) => [o.id, o.name]));
      const keys = [...new Set(rows.map((r) => r.key))];
      out = keys
        .map((key) => ({
          key,
          label: group === 'outlet' ? (names.get(key) ?? null) : null,
          previous_key: previous ? key : null,
          current: pick(rows, true, key) ?? zeroFigures(),
          previous: previous ? (pick(rows, false, key) ?? zeroFigures()) : null,
        }))
        .sort(byNetDesc);
    }
    return { ...base, group_by: group, totals, rows: out };
  }

  return {
    report,

    /** GET /api/reports/outlets: the outlets whose sales the caller reads, for the outlet filter. */
    outlets: (ctx: AuthedContext): Promise<ReportOutlet[]> => readableOutletsOf(db, ctx),

    /** The same report as a file: one row per group, amounts in ringgit. */
    async exportFile(ctx: AuthedContext, q: SalesReportExportQuery) {
      const data = await report(ctx, q);
      const locale = await exportLocale(db, ctx.principal.userId, q.lang);
      const name = `sales-by-${q.group_by.replace('_', '-')}-${q.from}-${q.to}`;
      if (q.format === 'xlsx') {
        return {
          filename: `${name}.xlsx`,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: await reportXlsx(data, locale),
        };
      }
      return {
        filename: `${name}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: reportCsv(data, locale),
      };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;

export { addFigures, figuresOf, zeroFigures };
