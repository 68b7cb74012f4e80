DROP INDEX "bulk_job_items_open_idx";--> statement-breakpoint
ALTER TABLE "article_productions" ADD COLUMN "run_by" text;--> statement-breakpoint
CREATE INDEX "bulk_job_items_open_idx" ON "bulk_job_items" USING btree ("job_id","status") WHERE status in ('pending', 'running');--> statement-breakpoint
ALTER TABLE "bulk_job_items" DROP COLUMN "claimed_by";--> statement-breakpoint
ALTER TABLE "bulk_job_items" DROP COLUMN "claim_expires_at";--> statement-breakpoint
ALTER TABLE "bulk_job_items" DROP COLUMN "queue_job_id";--> statement-breakpoint
-- Open items of active bulk jobs become units of the article pipeline (their brief from their job's options, as the old item job read them when it ran); each gets its article.produce entry when a worker starts. An item of a job being cancelled ends as cancelled when its unit begins. The article an item already stored is kept (unless its generation failed), so it is published rather than written again.
INSERT INTO "article_productions" ("origin_key", "origin", "brief", "policy", "context", "state", "article_id")
SELECT 'bulk-item:' || i."id", 'bulk',
  jsonb_build_object('siteId', coalesce(j."site_id", 0), 'topic', i."topic", 'taskType', j."task_type", 'persona', j."options"->>'persona',
    'wordCount', (j."options"->>'wordCount')::int, 'includeImages', (j."options"->>'includeImages')::boolean, 'origin', 'bulk')
    || CASE WHEN jsonb_array_length(coalesce(j."options"->'categoryIds', '[]'::jsonb)) > 0 OR coalesce(j."options"->>'authorId', 'null') <> 'null'
         THEN jsonb_build_object('wordpress', jsonb_build_object('categoryIds', coalesce(j."options"->'categoryIds', '[]'::jsonb), 'authorId', j."options"->'authorId'))
         ELSE '{}'::jsonb END,
  jsonb_build_object('publish', (j."options"->>'postToWordPress')::boolean, 'onQualityGate', 'publish-anyway')
    || CASE WHEN j."options"->>'publishStatus' = 'publish' THEN jsonb_build_object('status', 'published') ELSE '{}'::jsonb END,
  jsonb_build_object('jobId', j."id"),
  'queued',
  CASE WHEN EXISTS (SELECT 1 FROM "articles" a WHERE a."id" = i."article_id" AND a."status" <> 'failed') THEN i."article_id" END
FROM "bulk_job_items" i JOIN "bulk_jobs" j ON j."id" = i."job_id"
WHERE i."status" IN ('pending', 'running') AND j."status" IN ('queued', 'processing')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The runs that held them died with the old version: their items wait for their units again.
UPDATE "bulk_job_items" SET "status" = 'pending' WHERE "status" = 'running';
