CREATE TABLE "article_productions" (
	"origin_key" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"brief" jsonb NOT NULL,
	"policy" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"queue_job_id" text,
	"article_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "article_productions" ADD CONSTRAINT "article_productions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_productions_state_idx" ON "article_productions" USING btree ("state");--> statement-breakpoint
-- Schedule slots still in flight become units of the article pipeline (their brief from their configuration, as the old slot job read it when it ran); each gets its article.produce entry when a worker starts. The article a slot already stored is kept, so it is published rather than written again.
INSERT INTO "article_productions" ("origin_key", "origin", "brief", "policy", "state", "article_id", "attempts")
SELECT 'schedule-slot:' || l."id", 'schedule',
  jsonb_build_object('siteId', l."site_id", 'topic', l."topic", 'taskType', c."task_type", 'persona', c."content_persona", 'wordCount', c."word_count", 'includeImages', true, 'origin', 'schedule'),
  jsonb_build_object('publish', true, 'status', c."post_status", 'onQualityGate', 'refuse', 'siteId', l."site_id"),
  'queued', l."article_id", l."attempts"
FROM "scheduler_log" l JOIN "blog_configs" c ON c."id" = l."config_id"
WHERE l."outcome" IN ('pending', 'generating', 'publishing')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Planned SEO articles still queued or being written become units of the article pipeline (written and stored; publishing is the wizard's publish run). An article already stored under the plan's key is found again by its origin key, not written twice.
INSERT INTO "article_productions" ("origin_key", "origin", "brief", "policy", "state")
SELECT 'seo-article:' || a."id", 'seo',
  jsonb_build_object('siteId', p."site_id", 'topic', a."title", 'taskType', 'Blog Post', 'wordCount', a."word_count", 'includeImages', true, 'keywords', a."target_keywords", 'origin', 'seo')
    || CASE WHEN jsonb_array_length(a."h2_headings") > 0
         THEN jsonb_build_object('sources', jsonb_build_object('notes', 'Planned H2 headings for this ' || a."article_type" || ' article: ' || (SELECT string_agg(h, '; ') FROM jsonb_array_elements_text(a."h2_headings") AS h)))
         ELSE '{}'::jsonb END,
  jsonb_build_object('publish', false, 'onQualityGate', 'publish-anyway'),
  'queued'
FROM "seo_project_articles" a JOIN "seo_projects" p ON p."id" = a."project_id"
WHERE a."generation_status" IN ('queued', 'generating') AND p."site_id" IS NOT NULL
ON CONFLICT DO NOTHING;
