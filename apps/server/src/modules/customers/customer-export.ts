import {
  customerFileColumns,
  customerFileLabels,
  type CustomerFileColumn,
  type Locale,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import { localTimeCell, moneyCell, textCell } from '../../lib/csv-cells';
import type { CustomerSummaryRow } from './customers-admin.repo';

// The customer list as CSV in the requester's language, written like the order and refund
// exports; times in the tenant's time zone.

export function customersCsv(rows: CustomerSummaryRow[], timezone: string, locale: Locale): string {
  const labels = customerFileLabels[locale];
  const anonymised = (r: CustomerSummaryRow) => r.anonymisedAt !== null;
  const cells: Record<CustomerFileColumn, (r: CustomerSummaryRow) => string> = {
    name: (r) => (anonymised(r) ? labels.anonymised : textCell(r.name)),
    phone: (r) => (anonymised(r) ? '' : textCell(r.phone)),
    email: (r) => textCell(r.email),
    status: (r) => labels.statuses[r.status === 'disabled' ? 'disabled' : 'active'],
    tier: (r) => (r.tier ? textCell(locale === 'my' ? r.tier.nameMy : r.tier.nameEn) : ''),
    points: (r) => String(r.points),
    wallet_balance: (r) => moneyCell(r.walletBalance),
    orders: (r) => String(r.orders),
    last_order_at: (r) => (r.lastOrderAt ? localTimeCell(r.lastOrderAt, timezone) : ''),
    app_account: (r) => (r.appAccount ? labels.yes : labels.no),
    created_at: (r) => localTimeCell(r.createdAt, timezone),
  };
  // The BOM tells Excel the file is UTF-8.
  return stringify(
    [
      customerFileColumns.map((c) => labels.columns[c]),
      ...rows.map((r) => customerFileColumns.map((c) => cells[c](r))),
    ],
    { bom: true },
  );
}
