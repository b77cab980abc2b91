ALTER TABLE "missions" ADD COLUMN "calling_rule" text DEFAULT 'REGULATED' NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "calling_hours" jsonb DEFAULT '{"days":[1,2,3,4,5,6],"periods":[[540,1200]],"holidays":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "max_call_attempts" integer;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "quiet_days" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "no_contact_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "calls_detected_lead_idx" ON "calls" USING btree ("detected_lead_id");