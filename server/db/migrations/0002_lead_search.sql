CREATE INDEX "leads_last_name_prefix_idx" ON "leads" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_first_name_prefix_idx" ON "leads" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_email_prefix_idx" ON "leads" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_secondary_phone_idx" ON "leads" USING btree ("secondary_phone");