-- Issue #29 point 4: per mission, an optional automatic call once the next lead's sheet has been
-- previewed for this many seconds (5–60); null (the default) keeps the agent pressing « Appeler ».
ALTER TABLE "missions" ADD COLUMN "auto_call_delay_seconds" integer;
