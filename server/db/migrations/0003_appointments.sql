CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"booked_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "appointments_ends_after_start" CHECK ("appointments"."ends_at" > "appointments"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_mission_slot_key" ON "appointments" USING btree ("mission_id","starts_at") WHERE cancelled_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_lead_active_key" ON "appointments" USING btree ("lead_id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "appointments_lead_idx" ON "appointments" USING btree ("lead_id");--> statement-breakpoint
-- Appointments that came with the data (demo seed, leads.metadata.appointment) join their mission's
-- agenda, so their slots count as booked; of two on one slot the lowest lead id wins. Dates that do not
-- read as ISO instants are skipped (checked before any cast).
INSERT INTO "appointments" ("lead_id", "mission_id", "starts_at", "ends_at", "created_at")
SELECT l."id", m."mission_id", (l."metadata"->'appointment'->>'startsAt')::timestamptz,
  (l."metadata"->'appointment'->>'endsAt')::timestamptz, l."updated_at"
FROM "leads" l JOIN "markets" m ON m."id" = l."market_id"
WHERE CASE
  WHEN l."metadata"->'appointment'->>'startsAt' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$'
    AND l."metadata"->'appointment'->>'endsAt' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$'
  THEN (l."metadata"->'appointment'->>'endsAt')::timestamptz > (l."metadata"->'appointment'->>'startsAt')::timestamptz
  ELSE false
END
ORDER BY l."id"
ON CONFLICT DO NOTHING;
