-- Issue #15 "E-mails" (docs/domain.md "E-mails"): the templates administrators edit and the log of
-- every mail the product sends.
-- A template row exists once an administrator saved it; until then the product's default (in code,
-- server/domain/mails/catalogue.ts) is used. `id` is the audit entry's entity id. `updated_by` is a
-- plain user id without a foreign key, as in cron_settings (migration 0023).
CREATE TABLE "mail_templates" (
	"key" text PRIMARY KEY NOT NULL,
	"id" serial NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "mail_templates_id_key" UNIQUE("id")
);
--> statement-breakpoint
-- One row per mail sent (or being sent): the send job (queue 'mail-send') takes the row by id.
-- `variables` are the substituted values (never a password link: link mails get a fresh link when
-- sent); `subject`, `text` and `html` are what was sent, link masked, bodies kept outside production
-- only. Ids of leads, users and appointments are plain integers (the log outlives what it names).
-- A test send (`test`) carries its rendered sample bodies from the start: it sends what the editor
-- showed, saved or not.
-- The partial unique index makes the appointment reminder once per appointment across processes.
CREATE TABLE "mail_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"template" text NOT NULL,
	"to" text NOT NULL,
	"lead_id" integer,
	"user_id" integer,
	"appointment_id" integer,
	"requested_by" integer,
	"resend_of" integer,
	"test" boolean DEFAULT false NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject" text,
	"text" text,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_log_status_check" CHECK ("status" in ('queued', 'sent', 'failed', 'bounced'))
);
--> statement-breakpoint
CREATE INDEX "mail_log_queued_idx" ON "mail_log" USING btree ("queued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_log_reminder_once_idx" ON "mail_log" USING btree ("appointment_id") WHERE "template" = 'appointment-reminder' AND "resend_of" IS NULL;
