-- Issue #12 "Tags": outcomes read their label and effects from the catalogue (tags) only.
-- Outcomes written after 0015 by code that predates the catalogue (a demo seed, say) get their tag
-- the way 0015 gave one to the others: the tag of the same folded label, created when none exists.
INSERT INTO "tags" ("label", "status", "substatus", "ends_processing", "requires_appointment", "asks_recall_date", "recall_delay_minutes", "experience_points")
SELECT DISTINCT ON (app_fold(cpt."label")) cpt."label", cpt."status", cpt."substatus", cpt."ends_processing", cpt."requires_appointment", cpt."asks_recall_date", cpt."recall_delay_minutes", cpt."experience_points"
FROM "call_process_tags" cpt
WHERE cpt."tag_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "tags" t WHERE app_fold(t."label") = app_fold(cpt."label"))
ORDER BY app_fold(cpt."label"), cpt."id";--> statement-breakpoint
UPDATE "call_process_tags" cpt SET "position" = cpt."id", "tag_id" = (
  SELECT t."id" FROM "tags" t WHERE app_fold(t."label") = app_fold(cpt."label")
  ORDER BY t."retired_at" IS NOT NULL, t."id" LIMIT 1
) WHERE cpt."tag_id" IS NULL;--> statement-breakpoint
-- lead_tags.label stays nullable (rows written without it read the current label); backfilled here.
UPDATE "lead_tags" lt SET "label" = cpt."label" FROM "call_process_tags" cpt
WHERE cpt."id" = lt."call_process_tag_id" AND lt."label" IS NULL;--> statement-breakpoint
ALTER TABLE "call_process_tags" ALTER COLUMN "tag_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "label";--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "substatus";--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "recall_delay_minutes";--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "ends_processing";--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "requires_appointment";--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "asks_recall_date";--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP COLUMN "experience_points";--> statement-breakpoint
-- An outcome removed from a process while lead tags still name it stays, detached from any step
-- (step_id null), so the lead tags keep their foreign key (docs/domain.md "Call processes").
ALTER TABLE "call_process_tags" ALTER COLUMN "step_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_process_tags" DROP CONSTRAINT "call_process_tags_step_id_call_process_steps_id_fk";--> statement-breakpoint
ALTER TABLE "call_process_tags" ADD CONSTRAINT "call_process_tags_step_id_call_process_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."call_process_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_process_tags_step_idx" ON "call_process_tags" USING btree ("step_id","position");--> statement-breakpoint
CREATE INDEX "call_process_tags_tag_idx" ON "call_process_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "lead_tags_call_process_tag_idx" ON "lead_tags" USING btree ("call_process_tag_id");
