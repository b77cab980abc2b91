ALTER TABLE "call_process_tags" ADD COLUMN "asks_recall_date" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing "call back" outcomes (a callback the customer asked for) ask the agent for the date.
UPDATE "call_process_tags" SET "asks_recall_date" = true WHERE "status" = 'RECALL' AND "substatus" = 'CALLBACK_REQUESTED';
