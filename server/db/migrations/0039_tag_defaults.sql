-- Issue #31 point 5: a tag may leave the lead's status as it is (status null, « Inchangé »), and a
-- new tag no longer ends the processing unless the administrator ticks it.
ALTER TABLE "tags" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ALTER COLUMN "ends_processing" SET DEFAULT false;
