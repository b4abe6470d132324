DROP INDEX "live_events_tenant_id_idx";--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "live_events_tenant_position_idx" ON "live_events" USING btree ("tenant_id","xid","id");--> statement-breakpoint
CREATE INDEX "live_events_position_idx" ON "live_events" USING btree ("xid","id");