-- Issue #15 "Check and repair Aircall's side" (docs/decisions.md "Aircall webhook created from the
-- page"): the webhooks the product created on the Aircall account. Aircall gives each webhook its own
-- token; only its SHA-256 (hex) is kept, never the token itself. A row whose `webhook_id` is null is a
-- creation in progress: the partial unique index lets one exist at a time, across processes, so two
-- clicks or two administrators never create two webhooks. `created_by` is a plain user id (the audit
-- trail says who), without a foreign key for the same reason as cron_settings.updated_by (0023).
CREATE TABLE "aircall_webhook_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"webhook_id" text,
	"url" text NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aircall_webhook_tokens_webhook_id_key" ON "aircall_webhook_tokens" USING btree ("webhook_id") WHERE "webhook_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "aircall_webhook_tokens_one_pending_key" ON "aircall_webhook_tokens" USING btree ((true)) WHERE "webhook_id" IS NULL;
--> statement-breakpoint
-- Issue #15 "Scheduled jobs", due-recall notices (docs/domain.md "Scheduled jobs"): the recall time
-- the agent was last told about. A new recall time on the same lead is told again; the same one never.
ALTER TABLE "leads" ADD COLUMN "recall_notified_for" timestamp with time zone;
