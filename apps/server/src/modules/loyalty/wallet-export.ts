import {
  type Locale,
  reasonText,
  type WalletEntryKind,
  type WalletFileColumn,
  walletFileColumns,
  walletFileLabels,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import { reasonFields } from '../../lib/coded-reason';
import { dateCell, localTimeCell, moneyCell, textCell } from '../../lib/csv-cells';
import type { EntryRow } from './wallet.repo';

// The wallet entries as CSV in the requester's language, written like the refund export: times
// in the tenant's zone, amounts in ringgit, the system's reasons in words, text that cannot run
// as a formula. The file is written as the rows are read, chunk by chunk, so a large ledger is
// never held whole.

/** The file's lines, the header first (after the BOM that tells Excel it is UTF-8). */
export async function* walletEntriesCsv(
  chunks: AsyncIterable<EntryRow[]>,
  locale: Locale,
  timezone: string,
): AsyncGenerator<string> {
  const labels = walletFileLabels[locale];
  const cells: Record<WalletFileColumn, (r: EntryRow) => string> = {
    created_at: (r) => localTimeCell(r.entry.createdAt, timezone),
    customer: (r) => textCell(r.customerName),
    phone: (r) => textCell(r.customerPhone),
    kind: (r) => labels.kinds[r.entry.kind as WalletEntryKind] ?? r.entry.kind,
    amount: (r) => moneyCell(r.entry.amount),
    balance_after: (r) => moneyCell(r.entry.balanceAfter),
    order_no: (r) => textCell(r.orderNo),
    order_date: (r) => (r.orderDate ? dateCell(r.orderDate) : ''),
    reason: (r) => textCell(reasonText(reasonFields(r.entry), locale)),
    actor: (r) => textCell(r.entry.actorName),
  };
  yield stringify([walletFileColumns.map((c) => labels.columns[c])], { bom: true });
  for await (const rows of chunks) {
    yield stringify(rows.map((r) => walletFileColumns.map((c) => cells[c](r))));
  }
}
