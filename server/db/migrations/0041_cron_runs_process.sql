-- Issue #30 point 1: a run records the process that ran it (host:pid), and a run whose process died
-- is marked given up (`abandoned`) when the next run of its job takes over (server/domain/crons/runner.ts).
ALTER TABLE "cron_runs" ADD COLUMN "process" text;--> statement-breakpoint
ALTER TABLE "cron_runs" ADD COLUMN "abandoned" boolean DEFAULT false NOT NULL;
