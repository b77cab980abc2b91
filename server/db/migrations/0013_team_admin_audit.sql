CREATE TABLE "audit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "is_manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now a MANAGER-role member was the team's manager: they stay so.
UPDATE "team_members" SET "is_manager" = true FROM "users" WHERE "users"."id" = "team_members"."user_id" AND "users"."role" = 'MANAGER';--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity","entity_id","at");--> statement-breakpoint
-- Team names become unique without case or accents: an existing duplicate gets its id appended.
UPDATE "teams" SET "name" = "teams"."name" || ' (' || "teams"."id" || ')' WHERE EXISTS (SELECT 1 FROM "teams" AS "other" WHERE app_fold("other"."name") = app_fold("teams"."name") AND "other"."id" < "teams"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_key" ON "teams" USING btree (app_fold("name"));