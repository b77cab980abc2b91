CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"color" text DEFAULT '#5b6470' NOT NULL,
	"status" text NOT NULL,
	"substatus" text,
	"ends_processing" boolean DEFAULT true NOT NULL,
	"requires_appointment" boolean DEFAULT false NOT NULL,
	"asks_recall_date" boolean DEFAULT false NOT NULL,
	"recall_delay_minutes" integer,
	"experience_points" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_banners" (
	"mission_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"mime_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuration" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "call_process_tags" ADD COLUMN "tag_id" integer;--> statement-breakpoint
ALTER TABLE "call_process_tags" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_processes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_processes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_processes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "call_processes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "postal_code_prefixes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "banner_version" text;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "mission_banners" ADD CONSTRAINT "mission_banners_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_label_key" ON "tags" USING btree (app_fold("label")) WHERE retired_at is null;--> statement-breakpoint
ALTER TABLE "call_process_tags" ADD CONSTRAINT "call_process_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_processes_name_key" ON "call_processes" USING btree (app_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "markets_name_key" ON "markets" USING btree ("mission_id",app_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "missions_name_key" ON "missions" USING btree (app_fold("name"));--> statement-breakpoint
-- Backfill: one catalogue tag per distinct label (folded), with the effects of its first outcome.
INSERT INTO "tags" ("label", "status", "substatus", "ends_processing", "requires_appointment", "asks_recall_date", "recall_delay_minutes", "experience_points")
SELECT DISTINCT ON (app_fold("label")) "label", "status", "substatus", "ends_processing", "requires_appointment", "asks_recall_date", "recall_delay_minutes", "experience_points"
FROM "call_process_tags" ORDER BY app_fold("label"), "id";--> statement-breakpoint
UPDATE "call_process_tags" cpt SET "tag_id" = t."id", "position" = cpt."id"
FROM "tags" t WHERE app_fold(t."label") = app_fold(cpt."label");--> statement-breakpoint
UPDATE "lead_tags" lt SET "label" = cpt."label" FROM "call_process_tags" cpt WHERE cpt."id" = lt."call_process_tag_id";
