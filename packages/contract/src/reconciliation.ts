import { z } from 'zod';
import { linkedOrderShape } from './common';
import { localeSchema, type Locale } from './locale';
import { businessDaySchema, checkDayRange } from './day-range';
import { text } from './validation';

// Reconciliation of a business's gateway (decision 047): for a range of business days, the
// payments we recorded through one gateway beside that gateway's own record of them, found by
// asking the gateway about each payment (`query`) or read from its settlement file (`file`).

export const reconciliationSources = ['query', 'file'] as const;
export const reconciliationSourceSchema = z.enum(reconciliationSources);
export type ReconciliationSource = z.infer<typeof reconciliationSourceSchema>;

/**
 * `matched`: paid on both sides, same amount. `amount_mismatch`: paid on both, amounts differ.
 * `missing_theirs`: paid here, not paid (or unknown) at the gateway. `missing_ours`: paid at the
 * gateway, not paid here (or not ours at all). `unreachable`: the gateway did not answer about it.
 */
export const reconciliationOutcomes = [
  'matched',
  'amount_mismatch',
  'missing_theirs',
  'missing_ours',
  'unreachable',
] as const;
export const reconciliationOutcomeSchema = z.enum(reconciliationOutcomes);
export type ReconciliationOutcome = z.infer<typeof reconciliationOutcomeSchema>;

/** The longest range one run covers (a quarter). */
export const RECONCILIATION_MAX_DAYS = 92;
/** At most this many payments are asked about in one `query` run; narrow the range for more. */
export const RECONCILIATION_QUERY_MAX = 200;
/** The largest settlement file taken (bytes). */
export const SETTLEMENT_FILE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * POST /api/payment-gateways/{id}/reconciliation (and /export, the same run as CSV). A `file`
 * run carries the settlement file as multipart "file" or as a text/csv or text/plain body.
 */
export const reconciliationQuerySchema = z
  .object({
    /** First business day (inclusive), in the business's zone and cut-off hour. */
    from: businessDaySchema,
    /** Last business day (inclusive). */
    to: businessDaySchema,
    source: reconciliationSourceSchema.default('query'),
    /** The language of an exported file's headers (the screen's). */
    lang: localeSchema.optional(),
  })
  .superRefine(checkDayRange(RECONCILIATION_MAX_DAYS));
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

/** How a payment stands on one side: paid, or not (pending, failed, refunded…), as that side says. */
export const reconciliationSideStatuses = ['paid', 'pending', 'failed', 'other'] as const;
const sideStatus = z.enum(reconciliationSideStatuses);

export const reconciliationRowSchema = z.object({
  outcome: reconciliationOutcomeSchema,
  /** The gateway's reference (a Billplz bill id, a Stripe PaymentIntent id). */
  reference: text(),
  /** Our payment, when we have one by that reference. */
  payment_id: text().nullable(),
  /** The order our payment paid for, and its number (null for a wallet top-up, or not ours). */
  ...linkedOrderShape,
  our_status: sideStatus.nullable(),
  /** In sen. */
  our_amount: z.number().int().nullable(),
  their_status: sideStatus.nullable(),
  /** In sen; null when the gateway did not say. */
  their_amount: z.number().int().nullable(),
  /** When we created the payment (ISO), or null when it is not ours. */
  created_at: text().nullable(),
  /** The settlement file's line of the row, in a `file` run. */
  line: z.number().int().nullable(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

/** A line of a settlement file that could not be read; the others are still compared. */
export const reconciliationRejectedSchema = z.object({
  line: z.number().int(),
  message: text(),
});

export const reconciliationResultSchema = z.object({
  gateway_id: text(),
  provider: text(),
  source: reconciliationSourceSchema,
  from: text(),
  to: text(),
  /** Our gateway payments in the range (every status). */
  our_payments: z.number().int(),
  counts: z.record(reconciliationOutcomeSchema, z.number().int()),
  rows: z.array(reconciliationRowSchema),
  rejected: z.array(reconciliationRejectedSchema),
  checked_at: text(),
});
export type ReconciliationResult = z.infer<typeof reconciliationResultSchema>;

export const reconciliationFileColumns = [
  'outcome',
  'reference',
  'payment_id',
  'order_no',
  'order_date',
  'created_at',
  'our_status',
  'our_amount',
  'their_status',
  'their_amount',
  'line',
] as const;
export type ReconciliationFileColumn = (typeof reconciliationFileColumns)[number];

/** The export's headers and outcome names, in each language. */
export const reconciliationFileLabels: Record<
  Locale,
  {
    columns: Record<ReconciliationFileColumn, string>;
    outcomes: Record<ReconciliationOutcome, string>;
    statuses: Record<(typeof reconciliationSideStatuses)[number], string>;
  }
> = {
  en: {
    columns: {
      outcome: 'Outcome',
      reference: 'Gateway reference',
      payment_id: 'Payment ID',
      order_no: 'Order',
      order_date: 'Order date',
      created_at: 'Created',
      our_status: 'Our status',
      our_amount: 'Our amount (RM)',
      their_status: 'Gateway status',
      their_amount: 'Gateway amount (RM)',
      line: 'File line',
    },
    outcomes: {
      matched: 'Matched',
      amount_mismatch: 'Amount mismatch',
      missing_theirs: 'Missing at the gateway',
      missing_ours: 'Missing on our side',
      unreachable: 'Gateway did not answer',
    },
    statuses: { paid: 'Paid', pending: 'Pending', failed: 'Failed', other: 'Other' },
  },
  my: {
    columns: {
      outcome: 'Keputusan',
      reference: 'Rujukan gerbang',
      payment_id: 'ID pembayaran',
      order_no: 'Pesanan',
      order_date: 'Tarikh pesanan',
      created_at: 'Dicipta',
      our_status: 'Status kami',
      our_amount: 'Amaun kami (RM)',
      their_status: 'Status gerbang',
      their_amount: 'Amaun gerbang (RM)',
      line: 'Baris fail',
    },
    outcomes: {
      matched: 'Sepadan',
      amount_mismatch: 'Amaun tidak sepadan',
      missing_theirs: 'Tiada di gerbang',
      missing_ours: 'Tiada di pihak kami',
      unreachable: 'Gerbang tidak menjawab',
    },
    statuses: { paid: 'Dibayar', pending: 'Belum selesai', failed: 'Gagal', other: 'Lain-lain' },
  },
};
