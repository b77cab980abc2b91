-- Issue #15 "Telephony webhook status" (docs/domain.md "Telephony webhook status"): when processing of
-- a delivery finished, so the status page shows the processing lag (received → processed). Null for
-- deliveries never processed (rejected, duplicate, stale) and for those received before this column.
ALTER TABLE "webhook_events" ADD COLUMN "processed_at" timestamp with time zone;
--> statement-breakpoint
-- The status page counts and lists deliveries by outcome (failed ones, refused ones, the list's filter).
CREATE INDEX "webhook_events_outcome_idx" ON "webhook_events" USING btree ("outcome","received_at");
