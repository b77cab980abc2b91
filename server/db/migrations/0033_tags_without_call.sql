-- Issue #29 point 2: an outcome is recorded on a call; a catalogue tag marked « sans appel » may be
-- recorded without one (e.g. a wrong number found before dialling). Off for every existing tag.
ALTER TABLE "tags" ADD COLUMN "without_call" boolean DEFAULT false NOT NULL;
