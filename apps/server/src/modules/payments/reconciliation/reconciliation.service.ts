import {
  businessDate,
  defaultLocale,
  RECONCILIATION_QUERY_MAX,
  reconciliationFileColumns,
  reconciliationFileLabels,
  reconciliationOutcomes,
  type ReconciliationFileColumn,
  type ReconciliationOutcome,
  type ReconciliationQuery,
  type ReconciliationResult,
  type ReconciliationRow,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { dateCell, localTimeCell, moneyCell, textCell } from '../../../lib/csv-cells';
import { AppError } from '../../../lib/errors';
import type { AuthedContext } from '../../../lib/request-context';
import type { DownloadFile } from '../../../lib/route-kit';
import { tenantIdOf } from '../../../lib/caller-tenant';
import type { GatewayClient } from '../accounts/gateways/gateway-provider';
import type { PaymentGatewayService } from '../accounts/payment-gateways.service';
import { compareFile, outcomeOf, oursOf, rowOf, sortRows } from './reconciliation-compare';
import { readSettlementFile } from './reconciliation-files';
import * as repo from './reconciliation.repo';

// Reconciliation of a business's gateway (decision 047): its payments of a range of business
// days beside the gateway's own record, asked payment by payment (`query`) or read from the
// settlement file the business downloaded from the gateway (`file`). Nothing is written: it
// reports, and the staff decide what to do about a difference.

/** How many status queries run at once: enough to be quick, few enough not to be throttled. */
const QUERY_CONCURRENCY = 4;
/** The most of our payments one file run compares against. */
const FILE_RUN_MAX = 50_000;

export interface ReconciliationDeps {
  db: Db;
  now: Clock;
  gateways: PaymentGatewayService;
}

/** Runs `work` over `items`, at most `limit` at a time, answers in the items' order. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

async function queryRows(
  client: GatewayClient,
  payments: repo.GatewayPaymentRow[],
): Promise<ReconciliationRow[]> {
  // A payment that never reached the gateway (its start failed) has no reference to ask about.
  const asked = payments.filter((p): p is repo.GatewayPaymentRow & { providerRef: string } =>
    Boolean(p.providerRef),
  );
  const rows = await pooled(asked, QUERY_CONCURRENCY, async (p) => {
    try {
      const t = await client.queryStatus(p.providerRef, p.amount);
      const theirs = { status: t.status, amount: t.amount, currency: t.currency };
      const outcome = outcomeOf(oursOf(p), theirs);
      return outcome ? rowOf(outcome, p.providerRef, p, theirs, null) : null;
    } catch {
      // One payment the gateway would not answer about does not fail the run.
      return rowOf('unreachable', p.providerRef, p, null, null);
    }
  });
  return rows.filter((r): r is ReconciliationRow => r !== null);
}

export function createReconciliationService({ db, now, gateways }: ReconciliationDeps) {
  async function run(
    ctx: AuthedContext,
    gatewayId: string,
    q: ReconciliationQuery,
    file: string | null,
  ): Promise<ReconciliationResult & { timezone: string }> {
    const tenantId = tenantIdOf(ctx);
    // Another business's gateway (or the platform's) is not found.
    const gateway = await gateways.get(ctx, gatewayId);
    let payments: repo.GatewayPaymentRow[];
    let rows: ReconciliationRow[];
    let rejected: ReconciliationResult['rejected'] = [];
    // The range's payments, one past `max` at most: that one says there are too many.
    const paymentsInRange = (max: number) =>
      repo.gatewayPayments(db, tenantId, gateway.provider, q.from, q.to, max + 1);
    if (q.source === 'query') {
      payments = await paymentsInRange(RECONCILIATION_QUERY_MAX);
      if (payments.length > RECONCILIATION_QUERY_MAX) {
        throw new AppError('reconciliation_too_many', {
          message: `More than ${RECONCILIATION_QUERY_MAX} payments in the range: choose fewer days, or upload the settlement file`,
        });
      }
      // A gateway switched off since still answers about the payments it took.
      const { client } = await gateways.connectFor(tenantId, gateway.provider, {
        evenDisabled: true,
      });
      rows = await queryRows(client, payments);
    } else {
      if (file === null) throw new AppError('file_required');
      const read = readSettlementFile(gateway.provider, file);
      rejected = read.rejected;
      payments = await paymentsInRange(FILE_RUN_MAX);
      if (payments.length > FILE_RUN_MAX) throw new AppError('reconciliation_too_many');
      const inRange = new Set(payments.flatMap((p) => [p.id, p.providerRef ?? p.id]));
      const outside = [
        ...new Set(read.entries.flatMap((e) => e.references).filter((r) => !inRange.has(r))),
      ];
      const known = [
        ...payments,
        ...(await repo.gatewayPaymentsByReference(db, tenantId, gateway.provider, outside)),
      ];
      rows = compareFile(read.entries, payments, known);
    }
    const counts = Object.fromEntries(reconciliationOutcomes.map((o) => [o, 0])) as Record<
      ReconciliationOutcome,
      number
    >;
    for (const r of rows) counts[r.outcome] += 1;
    return {
      gateway_id: gateway.id,
      provider: gateway.provider,
      source: q.source,
      from: q.from,
      to: q.to,
      our_payments: payments.length,
      counts,
      rows: sortRows(rows),
      rejected,
      checked_at: now().toISOString(),
      timezone: await repo.businessZone(db, tenantId),
    };
  }

  return {
    /** POST /api/payment-gateways/{id}/reconciliation. */
    async reconcile(
      ctx: AuthedContext,
      gatewayId: string,
      q: ReconciliationQuery,
      file: string | null,
    ): Promise<ReconciliationResult> {
      const { timezone: _zone, ...result } = await run(ctx, gatewayId, q, file);
      return result;
    },

    /** The same run as CSV, in the screen's language, times in the business's zone. */
    async exportCsv(
      ctx: AuthedContext,
      gatewayId: string,
      q: ReconciliationQuery,
      file: string | null,
    ): Promise<DownloadFile> {
      const result = await run(ctx, gatewayId, q, file);
      const labels = reconciliationFileLabels[q.lang ?? defaultLocale];
      const money = (sen: number | null) => (sen === null ? '' : moneyCell(sen));
      const cells: Record<ReconciliationFileColumn, (r: ReconciliationRow) => string> = {
        outcome: (r) => labels.outcomes[r.outcome],
        // References come from the gateway or an uploaded file: never a formula.
        reference: (r) => textCell(r.reference),
        payment_id: (r) => r.payment_id ?? '',
        order_no: (r) => r.order_no ?? '',
        order_date: (r) => (r.order_date ? dateCell(r.order_date) : ''),
        created_at: (r) =>
          r.created_at ? localTimeCell(new Date(r.created_at), result.timezone) : '',
        our_status: (r) => (r.our_status ? labels.statuses[r.our_status] : ''),
        our_amount: (r) => money(r.our_amount),
        their_status: (r) => (r.their_status ? labels.statuses[r.their_status] : ''),
        their_amount: (r) => money(r.their_amount),
        line: (r) => (r.line === null ? '' : String(r.line)),
      };
      const stamp = businessDate(now(), result.timezone, 0).replaceAll('-', '');
      return {
        filename: `reconciliation-${result.provider}-${q.from}-${q.to}-${stamp}.csv`,
        // The BOM tells Excel the file is UTF-8.
        body: stringify(
          [
            reconciliationFileColumns.map((c) => labels.columns[c]),
            ...result.rows.map((r) => reconciliationFileColumns.map((c) => cells[c](r))),
          ],
          { bom: true },
        ),
      };
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
