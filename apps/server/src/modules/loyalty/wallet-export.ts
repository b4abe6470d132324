import {
  type Locale,
  type WalletEntryKind,
  type WalletFileColumn,
  walletFileColumns,
  walletFileLabels,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import { localTimeCell, moneyCell, textCell } from '../../lib/csv-cells';
import type { EntryRow } from './wallet.repo';

// The wallet entries as CSV in the requester's language, written like the refund export: times
// in the tenant's zone, amounts in ringgit, text that cannot run as a formula.

export function walletEntriesCsv(rows: EntryRow[], locale: Locale, timezone: string): string {
  const labels = walletFileLabels[locale];
  const cells: Record<WalletFileColumn, (r: EntryRow) => string> = {
    created_at: (r) => localTimeCell(r.entry.createdAt, timezone),
    customer: (r) => textCell(r.customerName),
    phone: (r) => textCell(r.customerPhone),
    kind: (r) => labels.kinds[r.entry.kind as WalletEntryKind] ?? r.entry.kind,
    amount: (r) => moneyCell(r.entry.amount),
    balance_after: (r) => moneyCell(r.entry.balanceAfter),
    order_no: (r) => textCell(r.orderNo),
    reason: (r) => textCell(r.entry.reason),
    actor: (r) => textCell(r.entry.actorName),
  };
  // The BOM tells Excel the file is UTF-8.
  return stringify(
    [
      walletFileColumns.map((c) => labels.columns[c]),
      ...rows.map((r) => walletFileColumns.map((c) => cells[c](r))),
    ],
    { bom: true },
  );
}
