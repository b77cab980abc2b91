-- Issue #15 "Scheduled jobs" (docs/domain.md "Scheduled jobs"): the product's own record of its
-- periodic jobs. pg-boss keeps the schedules it fires (pgboss.schedule) but can only schedule and
-- unschedule: whether a job is paused, its edited cron expression, its version (edits are optimistic)
-- and whether it is failing live here, and each process schedules from this table on start.
-- `id` is the audit entry's entity id (audit_entries.entity_id is an integer). `updated_by` is a
-- plain user id, without a foreign key: the tests empty `users` with TRUNCATE … CASCADE, which would
-- empty this table too, and who changed what is kept by the audit trail anyway.
CREATE TABLE "cron_settings" (
	"queue" text PRIMARY KEY NOT NULL,
	"id" serial NOT NULL,
	"cron" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"failing_since" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "cron_settings_id_key" UNIQUE("id")
);
--> statement-breakpoint
-- Every run of a job (scheduled or run now): start, end, result, what it did or why it failed. Read
-- per job, newest first; runs older than 30 days are deleted as new ones are recorded.
CREATE TABLE "cron_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"trigger" text NOT NULL,
	"job_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"summary" text,
	"error" text,
	CONSTRAINT "cron_runs_trigger_check" CHECK ("trigger" in ('schedule', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "cron_runs" ADD CONSTRAINT "cron_runs_queue_cron_settings_queue_fk" FOREIGN KEY ("queue") REFERENCES "public"."cron_settings"("queue") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cron_runs_queue_started_idx" ON "cron_runs" USING btree ("queue","started_at" DESC NULLS LAST);
