-- Issue #15 "SMS" (docs/domain.md "SMS"): the SMS templates an administrator edits, the log of every
-- SMS the product sent or refused, and the phones that answered STOP.
-- Templates: one row per catalogue key (src/contracts/sms.ts), created with its default text on
-- first read; `id` is the audit entity id; `version` makes edits optimistic. `updated_by` is a plain
-- user id without a foreign key, as cron_settings.updated_by (migration 0023).
CREATE TABLE "sms_templates" (
	"key" text PRIMARY KEY NOT NULL,
	"id" serial NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "sms_templates_id_key" UNIQUE("id")
);
--> statement-breakpoint
-- The send log: one row per SMS asked for, refused ones included (with their French reason in
-- `error`). `appointment_id` + `template_key` is unique, so an appointment's confirmation and its
-- reminder are each sent once, whatever the number of processes running the reminder job.
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"appointment_id" integer,
	"phone" text NOT NULL,
	"template_key" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"number_id" text,
	"status" text NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_status_check" CHECK ("status" in ('queued', 'sent', 'delivered', 'failed', 'refused-opt-out', 'refused-quiet-hours')),
	CONSTRAINT "sms_messages_kind_check" CHECK ("kind" in ('manual', 'confirmation', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_appointment_once_key" ON "sms_messages" USING btree ("appointment_id","template_key") WHERE "appointment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_message_key" ON "sms_messages" USING btree ("provider","provider_message_id") WHERE "provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_lead_idx" ON "sms_messages" USING btree ("lead_id");--> statement-breakpoint
-- Phones (E.164) that opted out by answering STOP: every later SMS to them is refused.
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
