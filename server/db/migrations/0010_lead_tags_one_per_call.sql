-- Issue #17: a call's outcome is recorded once. A call tagged several times before this rule keeps
-- the lead tag it points to (else its newest); the others stay in the lead's history, detached.
UPDATE "lead_tags" AS lt SET "call_id" = NULL
WHERE lt."call_id" IS NOT NULL
  AND lt."id" <> coalesce(
    (SELECT c."lead_tag_id" FROM "calls" c JOIN "lead_tags" own ON own."id" = c."lead_tag_id" AND own."call_id" = c."id"
      WHERE c."id" = lt."call_id"),
    (SELECT max(x."id") FROM "lead_tags" x WHERE x."call_id" = lt."call_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "lead_tags_call_key" ON "lead_tags" USING btree ("call_id") WHERE call_id is not null;
