-- Issue #27 point 3: the hand-out's recall queue indexed by the instant a recall is due
-- (coalesce(recall_at, '-infinity'): a recall without a date is due at once, and first), in the order
-- it hands recalls out, so `due <= now()` bounds the index walk and the recalls due later are never
-- read. Replaces leads_queue_recall_order_idx (migration 0007), whose order was the same.
DROP INDEX IF EXISTS "leads_queue_recall_order_idx";
--> statement-breakpoint
CREATE INDEX "leads_queue_recall_due_idx" ON "leads" USING btree (coalesce("recall_at", '-infinity'::timestamptz),"id") WHERE processing_user_id is null and status in ('RECALL', 'UNREACHABLE');
