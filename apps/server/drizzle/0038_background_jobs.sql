-- Background jobs (lib/jobs): long work done in committed chunks by a runner that claims jobs
-- with FOR UPDATE SKIP LOCKED; a job whose runner died is taken up again once its claim lapses.
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_by" uuid,
	"claimed_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_jobs_status_check" CHECK ("background_jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "background_jobs_progress_check" CHECK ("background_jobs"."done" >= 0 and "background_jobs"."done" <= "background_jobs"."total")
);
--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_jobs_claimable_idx" ON "background_jobs" USING btree ("created_at") WHERE "background_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "background_jobs_subject_idx" ON "background_jobs" USING btree ("tenant_id","kind","subject_id","created_at");