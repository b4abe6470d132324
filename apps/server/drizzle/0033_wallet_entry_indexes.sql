DROP INDEX "wallet_entries_customer_idx";--> statement-breakpoint
DROP INDEX "wallet_entries_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "wallet_entries_tenant_kind_idx" ON "wallet_entries" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_tenant_amount_idx" ON "wallet_entries" USING btree ("tenant_id","amount","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_customer_idx" ON "wallet_entries" USING btree ("tenant_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_entries_tenant_created_idx" ON "wallet_entries" USING btree ("tenant_id","created_at","id");