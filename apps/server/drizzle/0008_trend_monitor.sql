CREATE TABLE "processed_trends" (
	"id" serial PRIMARY KEY NOT NULL,
	"normalized_title" text NOT NULL,
	"title" text NOT NULL,
	"site_id" integer,
	"site_name" text DEFAULT '' NOT NULL,
	"url" text,
	"article_id" integer,
	"execution_log_id" integer,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_trends_title_site_unique" UNIQUE("normalized_title","site_id")
);
--> statement-breakpoint
CREATE TABLE "trend_execution_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"job_id" text,
	"trends_found" integer DEFAULT 0 NOT NULL,
	"articles_generated" integer DEFAULT 0 NOT NULL,
	"articles_published" integer DEFAULT 0 NOT NULL,
	"execution_time_ms" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "processed_trends" ADD CONSTRAINT "processed_trends_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processed_trends" ADD CONSTRAINT "processed_trends_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processed_trends" ADD CONSTRAINT "processed_trends_execution_log_id_trend_execution_logs_id_fk" FOREIGN KEY ("execution_log_id") REFERENCES "public"."trend_execution_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processed_trends_processed_idx" ON "processed_trends" USING btree ("processed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trend_execution_logs_created_idx" ON "trend_execution_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);