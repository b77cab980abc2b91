-- Issue #14 "Timeline" (docs/domain.md "Timeline and follow-up"): what an agent's day is made of that
-- no other table keeps. Signed in and signed out (sessions are deleted when they end), sheet viewed and
-- left (users.viewing_lead_id holds only the current one). Calls, outcomes (lead_tags), assignments,
-- comments and appointments (lead_events) already say who did what when: the timeline reads them there.
-- One narrow row per event, written by the statement that makes the change; read by (user, day).
CREATE TABLE "user_activity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"lead_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_activity_events" ADD CONSTRAINT "user_activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_events" ADD CONSTRAINT "user_activity_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_events_user_at_idx" ON "user_activity_events" USING btree ("user_id","at");--> statement-breakpoint
-- The timeline reads one agent's day of outcomes and of lead events (assignments, comments,
-- appointments): without these, a year of rows would be scanned for each day read.
CREATE INDEX "lead_tags_user_idx" ON "lead_tags" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_events_user_idx" ON "lead_events" USING btree ("user_id","created_at");
