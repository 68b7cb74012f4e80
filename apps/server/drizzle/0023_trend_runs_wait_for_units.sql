ALTER TABLE "trend_execution_logs" ADD COLUMN "planned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trend_execution_logs" ADD COLUMN "halted" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "article_productions" ADD COLUMN "context" jsonb DEFAULT '{}'::jsonb NOT NULL;