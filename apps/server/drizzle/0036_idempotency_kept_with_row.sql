-- A key its handler stored with a business row is kept, with its body's hash, after its answer is
-- dropped: the row holds the key forever, so another body under it is refused forever too.
DROP INDEX "idempotency_keys_expires_idx";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "kept_with_row" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at") WHERE "idempotency_keys"."status" <> 'kept';