ALTER TABLE "points_entries" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "refund_status_history" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "refund_status_history" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "return_reason_code" text;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "return_reason_params" jsonb;--> statement-breakpoint
-- The reasons written as English before they were coded, turned into their codes and parameters
-- (the contract's coded-reasons.ts), each only where its writer put it; anything else (what
-- staff typed) stays free text. Each statement touches only rows still without a code, so running
-- it again changes nothing.
--
-- The two ledgers are append-only (0020): their triggers refuse every UPDATE. As 0034 does for
-- the audit log, they are off only inside this migration's transaction, where the ALTER TABLE
-- holds an ACCESS EXCLUSIVE lock until the commit, and back on before it; only the reason
-- columns change.
ALTER TABLE "wallet_entries" DISABLE TRIGGER "wallet_entries_append_only";--> statement-breakpoint
ALTER TABLE "points_entries" DISABLE TRIGGER "points_entries_append_only";--> statement-breakpoint
UPDATE "wallet_entries" SET "reason_code" = 'order',
  "reason_params" = jsonb_build_object('order_no', substring("reason" from '^Order (\S+)$')),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "kind" = 'spend' AND "reason" ~ '^Order \S+$';--> statement-breakpoint
UPDATE "wallet_entries" SET "reason_code" = 'refund',
  "reason_params" = jsonb_build_object('refund_no', substring("reason" from '^Refund (\S+)$')),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "kind" = 'refund' AND "reason" ~ '^Refund \S+$';--> statement-breakpoint
UPDATE "wallet_entries" SET "reason_code" = 'counter_topup',
  "reason_params" = jsonb_build_object('receipt_no',
    substring("reason" from '^Counter top-up (\S+)$')),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "kind" = 'topup' AND "reason" ~ '^Counter top-up \S+$';--> statement-breakpoint
UPDATE "wallet_entries" SET "reason_code" = 'points_redeemed',
  "reason_params" = jsonb_build_object('points',
    substring("reason" from '^(\d+) points redeemed$')::integer),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "kind" = 'reward' AND "reason" ~ '^\d{1,9} points redeemed$';--> statement-breakpoint
UPDATE "wallet_entries" SET
  "reason_code" = CASE WHEN "reason" LIKE 'Referral reward reversed%'
    THEN 'referral_reward_reversed' ELSE 'referral_reward' END,
  "reason_params" = jsonb_build_object('role',
    substring("reason" from '^Referral reward (?:reversed )?\((referrer|referee)\)$')),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "actor_kind" = 'system'
  AND "reason" ~ '^Referral reward (reversed )?\((referrer|referee)\)$';--> statement-breakpoint
UPDATE "points_entries" SET
  "reason_code" = CASE WHEN "reason" LIKE 'Referral reward reversed%'
    THEN 'referral_reward_reversed' ELSE 'referral_reward' END,
  "reason_params" = jsonb_build_object('role',
    substring("reason" from '^Referral reward (?:reversed )?\((referrer|referee)\)$')),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "actor_kind" = 'system'
  AND "reason" ~ '^Referral reward (reversed )?\((referrer|referee)\)$';--> statement-breakpoint
UPDATE "points_entries" SET "reason_code" = 'redeemed_for_wallet_credit',
  "reason_params" = '{}'::jsonb, "reason" = NULL
WHERE "reason_code" IS NULL AND "kind" = 'redeem' AND "reason" = 'Redeemed for wallet credit';--> statement-breakpoint
UPDATE "points_entries" SET "reason_code" = 'points_expired',
  "reason_params" = jsonb_build_object('before',
    substring("reason" from '^Points earned before (\d{4}-\d{2}-\d{2}) expired$')),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "kind" = 'expiry'
  AND "reason" ~ '^Points earned before \d{4}-\d{2}-\d{2} expired$';--> statement-breakpoint
-- A reward's Malay name was not written: the reward of that English name gives it, if any.
UPDATE "points_entries" p SET "reason_code" = 'reward_exchange',
  "reason_params" = jsonb_build_object(
    'name_en', substring(p."reason" from '^Reward: (.+)$'),
    'name_my', (SELECT r."name_my" FROM "voucher_rewards" r
      WHERE r."tenant_id" = p."tenant_id" AND r."name_en" = substring(p."reason" from '^Reward: (.+)$')
      ORDER BY r."created_at" LIMIT 1)),
  "reason" = NULL
WHERE p."reason_code" IS NULL AND p."kind" = 'voucher' AND p."reason" ~ '^Reward: .+$';--> statement-breakpoint
ALTER TABLE "wallet_entries" ENABLE TRIGGER "wallet_entries_append_only";--> statement-breakpoint
ALTER TABLE "points_entries" ENABLE TRIGGER "points_entries_append_only";--> statement-breakpoint
UPDATE "order_status_history" SET
  "reason_code" = CASE "reason"
    WHEN 'Paid at the counter' THEN 'paid_at_counter'
    WHEN 'Paid at the counter outside opening hours' THEN 'paid_at_counter_outside_hours'
    ELSE 'placed_in_app' END,
  "reason_params" = '{}'::jsonb, "reason" = NULL
WHERE "reason_code" IS NULL AND "from_status" IS NULL AND "reason" IN ('Paid at the counter',
  'Paid at the counter outside opening hours', 'Placed in the app (MOBILE)');--> statement-breakpoint
UPDATE "order_status_history" SET "reason_code" = 'day_closed', "reason_params" = '{}'::jsonb,
  "reason" = NULL
WHERE "reason_code" IS NULL AND "to_status" = 'CLOSED' AND "reason" = 'Day closed';--> statement-breakpoint
UPDATE "order_status_history" SET "reason_code" = 'unpaid_at_day_close',
  "reason_params" = '{}'::jsonb, "reason" = NULL
WHERE "reason_code" IS NULL AND "from_status" = 'CREATED' AND "to_status" = 'REJECTED'
  AND "reason" = 'Not paid by the day close';--> statement-breakpoint
UPDATE "order_status_history" SET "reason_code" = 'cancelled_by_customer',
  "reason_params" = jsonb_build_object('note',
    CASE WHEN "reason" = 'Cancelled by customer' THEN NULL ELSE substr("reason", 24) END),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "to_status" = 'REJECTED' AND "by_user_id" IS NULL
  AND ("reason" = 'Cancelled by customer' OR "reason" LIKE 'Cancelled by customer: %');--> statement-breakpoint
UPDATE "order_status_history" SET "reason_code" = 'paid_online',
  "reason_params" = jsonb_build_object(
    'amount', (regexp_match("reason", '^Paid online: RM (\d{1,7})\.(\d{2}) \(([a-z_]+)\)$'))[1]::integer * 100
      + (regexp_match("reason", '^Paid online: RM (\d{1,7})\.(\d{2}) \(([a-z_]+)\)$'))[2]::integer,
    'method', (regexp_match("reason", '^Paid online: RM (\d{1,7})\.(\d{2}) \(([a-z_]+)\)$'))[3]),
  "reason" = NULL
WHERE "reason_code" IS NULL AND "from_status" = 'CREATED' AND "to_status" = 'PENDING'
  AND "reason" ~ '^Paid online: RM \d{1,7}\.\d{2} \([a-z_]+\)$';--> statement-breakpoint
UPDATE "refund_status_history" SET
  "reason_code" = CASE WHEN "reason" = 'Paid back through the payment provider'
    THEN 'paid_back_by_provider' ELSE 'given_back_to_wallet' END,
  "reason_params" = '{}'::jsonb, "reason" = NULL
WHERE "reason_code" IS NULL AND "by_user_id" IS NULL AND "reason" IN (
  'Paid back through the payment provider', 'Given back to the customer''s wallet');--> statement-breakpoint
UPDATE "voucher_redemptions" SET
  "return_reason_code" = CASE
    WHEN "return_reason" LIKE 'Rejected: %' THEN 'order_rejected'
    WHEN "return_reason" LIKE 'Refunded in full (%' THEN 'refunded_in_full'
    WHEN "return_reason" LIKE 'Cancelled by customer%' THEN 'cancelled_by_customer'
    ELSE 'unpaid_at_day_close' END,
  "return_reason_params" = CASE
    WHEN "return_reason" = 'Rejected: no reason given' THEN jsonb_build_object('note', NULL)
    WHEN "return_reason" LIKE 'Rejected: %' THEN jsonb_build_object('note', substr("return_reason", 11))
    WHEN "return_reason" LIKE 'Refunded in full (%' THEN jsonb_build_object('refund_no',
      substring("return_reason" from '^Refunded in full \((\S+)\)$'))
    WHEN "return_reason" = 'Cancelled by customer' THEN jsonb_build_object('note', NULL)
    WHEN "return_reason" LIKE 'Cancelled by customer: %' THEN jsonb_build_object('note',
      substr("return_reason", 24))
    ELSE '{}'::jsonb END,
  "return_reason" = NULL
WHERE "return_reason_code" IS NULL AND (
  "return_reason" LIKE 'Rejected: %' OR "return_reason" ~ '^Refunded in full \(\S+\)$'
  OR "return_reason" = 'Cancelled by customer' OR "return_reason" LIKE 'Cancelled by customer: %'
  OR "return_reason" = 'Not paid by the day close');
