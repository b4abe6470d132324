import { z } from 'zod';
import { malayNameInput } from './catalogue';
import { listQuerySchema } from './common';
import { normalisePhone } from './mobile';
import { backgroundJobSchema } from './voucher-codes';
import { intBetween, messageKey, requiredString, text } from './validation';

// Voucher campaigns (/voucher-campaign): a voucher of unique codes issued to an audience of
// customers over a period, one code each, by a background job. The status rule lives here once:
// the server stores it, moves it by time and answers it; the web offers only the moves it allows.

export const campaignStatuses = ['draft', 'scheduled', 'ongoing', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignAudienceKinds = [
  'all',
  'tier',
  'new_customers',
  'birthday_month',
  'inactive',
  'phone_list',
] as const;
export type CampaignAudienceKind = (typeof campaignAudienceKinds)[number];

/** Staff moves; time makes the others (scheduled → ongoing, anything live → ended). */
export const campaignMoves = ['schedule', 'unschedule', 'pause', 'resume', 'end'] as const;
export type CampaignMove = (typeof campaignMoves)[number];

/**
 * The status at `now` of a campaign stored as `stored`: ended at `ends_at` whatever it was,
 * ongoing at `starts_at` when it was scheduled; draft and paused stay until the period ends.
 */
export function campaignStatusAt(
  stored: CampaignStatus,
  startsAt: Date,
  endsAt: Date,
  now: Date,
): CampaignStatus {
  if (stored === 'ended' || now.getTime() >= endsAt.getTime()) return 'ended';
  if (stored === 'scheduled' && now.getTime() >= startsAt.getTime()) return 'ongoing';
  return stored;
}

/** The code_message of each refused move (error-codes-voucher-campaigns.ts). */
export type CampaignMoveRefusal =
  | 'voucher_campaign_not_draft'
  | 'voucher_campaign_not_scheduled'
  | 'voucher_campaign_not_ongoing'
  | 'voucher_campaign_not_paused'
  | 'voucher_campaign_ended';

const moveRule: Record<
  CampaignMove,
  { from: CampaignStatus[]; to: CampaignStatus; refusal: CampaignMoveRefusal }
> = {
  schedule: { from: ['draft'], to: 'scheduled', refusal: 'voucher_campaign_not_draft' },
  unschedule: { from: ['scheduled'], to: 'draft', refusal: 'voucher_campaign_not_scheduled' },
  pause: { from: ['ongoing'], to: 'paused', refusal: 'voucher_campaign_not_ongoing' },
  resume: { from: ['paused'], to: 'ongoing', refusal: 'voucher_campaign_not_paused' },
  end: {
    from: ['draft', 'scheduled', 'ongoing', 'paused'],
    to: 'ended',
    refusal: 'voucher_campaign_ended',
  },
};

/** A staff move from `current` (the status now): the status it leads to, or why it is refused. */
export function campaignMove(
  current: CampaignStatus,
  move: CampaignMove,
): { ok: true; to: CampaignStatus } | { ok: false; refusal: CampaignMoveRefusal } {
  const rule = moveRule[move];
  if (rule.from.includes(current)) return { ok: true, to: rule.to };
  return { ok: false, refusal: current === 'ended' ? 'voucher_campaign_ended' : rule.refusal };
}

/** The moves staff may make from `current`, in the order the web offers them. */
export const campaignMovesFrom = (current: CampaignStatus): CampaignMove[] =>
  campaignMoves.filter((m) => campaignMove(current, m).ok);

/** A campaign can be changed while nobody has been issued anything yet. */
export const campaignEditable = (current: CampaignStatus) =>
  current === 'draft' || current === 'scheduled';

/**
 * A pasted or uploaded list of phone numbers, one a line (a CSV line's first cell that is a
 * phone). Numbers are normalised as the customers module stores them (E.164) and deduplicated;
 * `invalidLines` are the 1-based lines that hold something that is not a phone. A first line
 * without digits (a header) and empty lines are skipped.
 */
export function parsePhoneList(input: string): { phones: string[]; invalidLines: number[] } {
  const phones = new Set<string>();
  const invalidLines: number[] = [];
  input.split(/\r?\n/).forEach((line, i) => {
    const cells = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"|"$/g, ''));
    if (cells.every((c) => c === '')) return;
    if (i === 0 && !/\d/.test(line)) return;
    const phone = cells.map(normalisePhone).find((p) => p !== null);
    if (phone) phones.add(phone);
    else invalidLines.push(i + 1);
  });
  return { phones: [...phones], invalidLines };
}

/** The most phone numbers one campaign's list may hold. */
export const CAMPAIGN_PHONES_MAX = 100_000;
const days = intBetween(1, 3650);

export const voucherCampaignInputSchema = z
  .object({
    name_en: requiredString(120),
    name_my: malayNameInput(120),
    /** A voucher of unique codes of the tenant (409 voucher_campaign_voucher_shared otherwise). */
    voucher_id: z.uuid({ error: messageKey('required') }),
    audience_kind: z.enum(campaignAudienceKinds),
    /** The membership tier, for audience `tier`. */
    audience_tier_id: z.uuid().nullable().optional(),
    /** N days: joined in the last N (new_customers), no order in the last N (inactive). */
    audience_days: days.nullable().optional(),
    /** Phone numbers for audience `phone_list`, any written form; stored normalised (E.164). */
    audience_phones: z.array(text().max(40)).max(CAMPAIGN_PHONES_MAX).default([]),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], key: Parameters<typeof messageKey>[0]) =>
      ctx.addIssue({ code: 'custom', path, message: messageKey(key) });
    if (v.audience_kind === 'tier' && !v.audience_tier_id) issue(['audience_tier_id'], 'required');
    if (
      (v.audience_kind === 'new_customers' || v.audience_kind === 'inactive') &&
      v.audience_days == null
    ) {
      issue(['audience_days'], 'required');
    }
    if (v.audience_kind === 'phone_list') {
      if (v.audience_phones.length === 0) issue(['audience_phones'], 'required');
      v.audience_phones.forEach((p, i) => {
        if (normalisePhone(p) === null) issue(['audience_phones', i], 'invalid');
      });
    }
    if (Date.parse(v.ends_at) <= Date.parse(v.starts_at)) issue(['ends_at'], 'ends_after_start');
  })
  .transform((v) => ({
    ...v,
    name_my: v.name_my ? v.name_my : null,
    audience_tier_id: v.audience_kind === 'tier' ? (v.audience_tier_id ?? null) : null,
    audience_days:
      v.audience_kind === 'new_customers' || v.audience_kind === 'inactive'
        ? (v.audience_days ?? null)
        : null,
    audience_phones:
      v.audience_kind === 'phone_list'
        ? [...new Set(v.audience_phones.map((p) => normalisePhone(p)!))]
        : [],
  }));
export type VoucherCampaignInput = z.input<typeof voucherCampaignInputSchema>;
export type VoucherCampaignParsed = z.infer<typeof voucherCampaignInputSchema>;

export const voucherCampaignMoveSchema = z.object({ move: z.enum(campaignMoves) });
export type VoucherCampaignMoveInput = z.infer<typeof voucherCampaignMoveSchema>;

/** A campaign as the back office reads it: its status now, and its issuing job's progress. */
export const voucherCampaignSchema = z.object({
  id: text(),
  name_en: text(),
  name_my: text().nullable(),
  voucher_id: text(),
  voucher_name: text(),
  audience_kind: z.enum(campaignAudienceKinds),
  audience_tier_id: text().nullable(),
  audience_days: z.number().int().nullable(),
  audience_phones: z.array(text()),
  starts_at: text(),
  ends_at: text(),
  status: z.enum(campaignStatuses),
  /** Codes issued so far (one per customer). */
  issued_count: z.number().int(),
  /** The issuing job, once the campaign has gone live. */
  job: backgroundJobSchema.nullable(),
  created_at: text(),
  updated_at: text(),
});
export type VoucherCampaign = z.infer<typeof voucherCampaignSchema>;

export const voucherCampaignListQuerySchema = listQuerySchema.extend({
  status: z.enum(campaignStatuses).optional(),
});
export type VoucherCampaignListQuery = z.infer<typeof voucherCampaignListQuerySchema>;

/** Letters and digits a customer cannot misread: no 0/O, no 1/I (as the vouchers' codes). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Random characters of an issued code: 10 of them, 5 bits each (50 bits). */
export const ISSUED_CODE_LENGTH = 10;

/**
 * An issued code from `bytes` (ISSUED_CODE_LENGTH crypto-random bytes the caller draws, so this
 * stays pure): the prefix and a dash when there is a prefix, then a character per byte.
 */
export function issuedCode(bytes: Uint8Array, prefix = ''): string {
  let random = '';
  // 256 is a multiple of 32: the low five bits of a random byte are uniform over the alphabet.
  for (const byte of bytes) random += CODE_ALPHABET[byte & 31];
  return prefix ? `${prefix}-${random}` : random;
}
