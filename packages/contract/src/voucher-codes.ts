import { z } from 'zod';
import { listQuerySchema } from './common';
import { type Locale, localeSchema } from './locale';
import { text } from './validation';

// A voucher's unique codes as the back office reads them (GET /api/vouchers/{id}/codes and its
// CSV export), and the background job that generates them (POST /api/vouchers/{id}/codes).

export const backgroundJobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type BackgroundJobStatus = (typeof backgroundJobStatuses)[number];

/** A background job's progress: `done` of `total` units (codes) committed so far. */
export const backgroundJobSchema = z.object({
  id: text(),
  kind: text(),
  status: z.enum(backgroundJobStatuses),
  done: z.number().int(),
  total: z.number().int(),
  /** Why it failed, for a failed job. */
  error: text().nullable(),
  created_at: text(),
  finished_at: text().nullable(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const voucherCodeRowSchema = z.object({
  id: text(),
  code: text(),
  /** When it was redeemed (null: not yet, or given back). */
  redeemed_at: text().nullable(),
  /** The customer it was issued to, or null for a printed code. */
  customer_id: text().nullable(),
  created_at: text(),
});
export type VoucherCodeRow = z.infer<typeof voucherCodeRowSchema>;

export const voucherCodeListQuerySchema = listQuerySchema.extend({
  /** `true`: redeemed codes only; `false`: codes not redeemed. */
  redeemed: z.enum(['true', 'false']).optional(),
});
export type VoucherCodeListQuery = z.infer<typeof voucherCodeListQuerySchema>;

export const voucherCodeExportQuerySchema = z.object({ lang: localeSchema.optional() });

/** The columns of the codes' CSV, in the requester's language. */
export const voucherCodeFileLabels: Record<
  Locale,
  { code: string; status: string; redeemed_at: string; redeemed: string; unused: string }
> = {
  en: {
    code: 'Code',
    status: 'Status',
    redeemed_at: 'Redeemed at',
    redeemed: 'Redeemed',
    unused: 'Not redeemed',
  },
  my: {
    code: 'Kod',
    status: 'Status',
    redeemed_at: 'Ditebus pada',
    redeemed: 'Ditebus',
    unused: 'Belum ditebus',
  },
};
