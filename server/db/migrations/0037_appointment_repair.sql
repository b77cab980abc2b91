-- Issue #29 point 3: no lead is « Rendez-vous » without an appointment. « RDV pris » used to release
-- the lead before its booking, so leaving the booking page left such leads (and the 0003 backfill
-- left the second lead of a shared slot so). They go back to their step (IN_PROGRESS, same step, no
-- recall), held by nobody, with a stale appointment copy dropped and a history entry saying why.
WITH "broken" AS (
  SELECT "l"."id", "l"."processing_user_id"
  FROM "leads" "l"
  WHERE "l"."status" = 'APPOINTMENT'
    AND NOT EXISTS (
      SELECT 1 FROM "appointments" "a" WHERE "a"."lead_id" = "l"."id" AND "a"."cancelled_at" IS NULL
    )
  FOR UPDATE
), "freed" AS (
  UPDATE "users" "u" SET "processing_lead_id" = NULL
  FROM "broken" "b" WHERE "u"."processing_lead_id" = "b"."id"
  RETURNING "u"."id"
), "repaired" AS (
  UPDATE "leads" "l" SET
    "status" = 'IN_PROGRESS',
    "substatus" = NULL,
    "recall_at" = NULL,
    "processing_user_id" = NULL,
    "processing_since" = NULL,
    "metadata" = "l"."metadata" - 'appointment',
    "updated_at" = now()
  FROM "broken" "b" WHERE "l"."id" = "b"."id"
  RETURNING "l"."id", "l"."step", "b"."processing_user_id" AS "previous_holder_id"
)
INSERT INTO "lead_events" ("lead_id", "user_id", "kind", "data")
SELECT "id", NULL, 'assignment', jsonb_build_object(
  'action', 'released',
  'repair', 'appointment-missing',
  'previousStatus', 'APPOINTMENT',
  'status', 'IN_PROGRESS',
  'step', "step",
  'previousHolderId', "previous_holder_id",
  'comment', 'Rendez-vous sans créneau dans l’agenda : le lead revient à son étape, libre.'
)
FROM "repaired";
