import { parse } from 'csv-parse/sync';
import { AppError } from '../../../lib/errors';

// The gateways' settlement files, read strictly (decision 047). Each provider's reader names the
// columns of the export it takes; a file without them is not that gateway's file (400
// settlement_file_invalid). A row that cannot be read (an amount not written as money, a missing
// reference) is reported with its line and the others are still compared. Amounts become sen by
// pattern, never through floating point.

export type SettlementStatus = 'paid' | 'failed' | 'pending' | 'other';

/** One transaction of the gateway's file. */
export interface SettlementEntry {
  line: number;
  /** What the row names the payment by: ours (provider_ref or payment id) matches any of them. */
  references: string[];
  status: SettlementStatus;
  /** In sen. */
  amount: number;
  currency: string;
}

export interface SettlementFile {
  entries: SettlementEntry[];
  rejected: { line: number; message: string }[];
}

/** The files we cannot read as a table at all, or over this many rows, are refused whole. */
export const SETTLEMENT_MAX_ROWS = 20_000;

const RINGGIT = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const SEN = /^\d+$/;

/** "1,278.50" / "12.5" / "12" → sen; null when it is not written as an amount of money. */
export function ringgitToSen(value: string): number | null {
  const m = RINGGIT.exec(value.trim());
  if (!m) return null;
  const whole = Number(m[2]!.replaceAll(',', ''));
  const cents = Number((m[3] ?? '').padEnd(2, '0'));
  const sen = whole * 100 + cents;
  if (!Number.isSafeInteger(sen)) return null;
  return m[1] ? -sen : sen;
}

/** "1250" → 1250; null otherwise (Billplz writes amounts in sen). */
export function senOf(value: string): number | null {
  const v = value.trim();
  if (!SEN.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}

interface Table {
  /** Normalised column names (lower case, no spaces or underscores) → index. */
  columns: Map<string, number>;
  rows: { line: number; cells: string[] }[];
}

const norm = (name: string) => name.toLowerCase().replace(/[\s_\-[\]]/g, '');

/** The separator of the file: the one its first line uses most (Fiuu's text files use `|`). */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', '|', '\t', ';'].map((d) => [d, first.split(d).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

/**
 * A file whose records carry no names of their own: after `skip` file-header rows (recognised by
 * the first naming `fileHeader`), the records' fields come in the documented `columns` order.
 */
interface Positional {
  fileHeader: string[];
  skip: number;
  columns: string[];
}

function readTable(
  text: string,
  headerOf: (cells: string[]) => boolean,
  positional?: Positional,
): Table {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new AppError('settlement_file_invalid');
  }
  // A report may open with title or summary lines: the header is the first row naming the columns.
  const at = records.slice(0, 5).findIndex((r) => headerOf(r.record.map(norm)));
  const unnamed =
    at < 0 &&
    positional !== undefined &&
    positional.fileHeader.every((c) => records[0]?.record.map(norm).includes(c));
  if (at < 0 && !unnamed) throw new AppError('settlement_file_invalid');
  const first = unnamed ? positional!.skip : at + 1;
  const rows = records.slice(first).map((r) => ({ line: r.info.lines, cells: r.record }));
  if (rows.length > SETTLEMENT_MAX_ROWS) {
    throw new AppError('settlement_file_invalid', {
      message: `A settlement file may have at most ${SETTLEMENT_MAX_ROWS.toLocaleString('en')} rows`,
    });
  }
  const names = unnamed ? positional!.columns : records[at]!.record.map(norm);
  return { columns: new Map(names.map((name, i) => [name, i])), rows };
}

type Reader = (row: {
  line: number;
  /** The row's value in a column ('' when the file has no such column). */
  cell: (name: string) => string;
  has: (name: string) => boolean;
}) => SettlementEntry | string | null;

/**
 * Reads a table whose header has every column of one of `required`'s sets (normalised names) row
 * by row: a reader answers an entry, null for a row that is not a payment (a refund, a fee), or a
 * message for a bad row.
 */
function readWith(
  text: string,
  required: string[][],
  read: Reader,
  positional?: Positional,
): SettlementFile {
  const table = readTable(
    text,
    (cells) => required.some((set) => set.every((c) => cells.includes(c))),
    positional,
  );
  const entries: SettlementEntry[] = [];
  const rejected: SettlementFile['rejected'] = [];
  for (const row of table.rows) {
    const cell = (name: string) => {
      const i = table.columns.get(name);
      return i === undefined ? '' : (row.cells[i] ?? '').trim();
    };
    const out = read({ line: row.line, cell, has: (name) => table.columns.has(name) });
    if (typeof out === 'string') rejected.push({ line: row.line, message: out });
    else if (out) entries.push(out);
  }
  return { entries, rejected };
}

const badAmount = (value: string) => `Amount "${value.slice(0, 20)}" is not an amount of money`;
const noReference = 'The row names no payment';

/**
 * Stripe: the itemized Balance report (balance_change_from_activity.itemized) or the Payout
 * reconciliation report, with the payment_intent_id column; gross in major units. Charges are
 * the payments; refunds, fees, disputes and payouts are other movements of the balance.
 */
function stripeFile(text: string): SettlementFile {
  return readWith(text, [['reportingcategory', 'gross', 'currency', 'paymentintentid']], (r) => {
    if (r.cell('reportingcategory') !== 'charge') return null;
    const reference = r.cell('paymentintentid');
    if (!reference) return noReference;
    const amount = ringgitToSen(r.cell('gross'));
    if (amount === null) return badAmount(r.cell('gross'));
    const charge = r.cell('chargeid');
    return {
      line: r.line,
      references: charge ? [reference, charge] : [reference],
      status: 'paid',
      amount,
      currency: r.cell('currency').toUpperCase(),
    };
  });
}

/**
 * Billplz publishes no column list for its dashboard exports, so the file is a CSV named with
 * the bill's fields of API v3: id, state (or paid) and paid_amount (or amount), in sen.
 */
function billplzFile(text: string): SettlementFile {
  const headers = ['state', 'paid'].flatMap((s) =>
    ['paidamount', 'amount'].map((a) => ['id', s, a]),
  );
  return readWith(text, headers, (r) => {
    const amountColumn = r.has('paidamount') ? 'paidamount' : 'amount';
    const id = r.cell('id');
    if (!id) return noReference;
    const state = r.cell('state').toLowerCase();
    const paid = state ? state === 'paid' : r.cell('paid').toLowerCase() === 'true';
    const amount = senOf(r.cell(amountColumn));
    if (amount === null) return badAmount(r.cell(amountColumn));
    return {
      line: r.line,
      references: [id],
      status: paid ? 'paid' : state === 'deleted' ? 'failed' : 'pending',
      amount,
      currency: 'MYR',
    };
  });
}

/**
 * iPay88 publishes no settlement column list either: the file uses the names of its payment
 * response (RefNo, TransId, Amount in ringgit as "1,278.99", Currency, Status 1 = success).
 */
function ipay88File(text: string): SettlementFile {
  return readWith(text, [['refno', 'amount', 'status']], (r) => {
    const refNo = r.cell('refno');
    if (!refNo) return noReference;
    const amount = ringgitToSen(r.cell('amount'));
    if (amount === null) return badAmount(r.cell('amount'));
    const transId = r.cell('transid');
    return {
      line: r.line,
      references: transId ? [refNo, transId] : [refNo],
      status: r.cell('status') === '1' ? 'paid' : 'failed',
      amount,
      currency: (r.cell('currency') || 'MYR').toUpperCase(),
    };
  });
}

/** Fiuu's record fields, in the documented sequence (1–12). */
const fiuuRecord = [
  'moltransactionid',
  'referenceid',
  'originalreferenceid',
  'businessdate',
  'transactiondatetime',
  'channelid',
  'transactiontype',
  'currencycode',
  'amount',
  'storeid',
  'terminalid',
  'applicationcode',
];

/**
 * Fiuu's daily transaction reconciliation file (transaction_YYYYMMDD.txt): two file-header rows
 * (MerchantId, MerchantName, BusinessDate, TotalCount), then the records, read by their names
 * when a row names them and otherwise in the documented field order. PAYMENT rows are the
 * payments, REFUND and reversal rows other movements.
 */
function fiuuFile(text: string): SettlementFile {
  const positional = { fileHeader: ['merchantid', 'totalcount'], skip: 2, columns: fiuuRecord };
  return readWith(
    text,
    [['moltransactionid', 'referenceid', 'amount']],
    (r) => {
      const type = r.cell('transactiontype').toUpperCase();
      if (type && type !== 'PAYMENT') return null;
      const tranId = r.cell('moltransactionid');
      const orderId = r.cell('referenceid');
      if (!tranId && !orderId) return noReference;
      const amount = ringgitToSen(r.cell('amount'));
      if (amount === null) return badAmount(r.cell('amount'));
      return {
        line: r.line,
        references: [orderId, tranId].filter(Boolean),
        status: 'paid',
        amount,
        currency: (r.cell('currencycode') || 'MYR').toUpperCase(),
      };
    },
    positional,
  );
}

/** The readers by provider name: a provider joins here when its settlement export is known. */
export const settlementReaders: Record<string, (text: string) => SettlementFile> = {
  stripe: stripeFile,
  billplz: billplzFile,
  ipay88: ipay88File,
  fiuu: fiuuFile,
};

export function readSettlementFile(provider: string, text: string): SettlementFile {
  const reader = settlementReaders[provider];
  if (!reader) throw new AppError('settlement_file_invalid');
  return reader(text);
}
