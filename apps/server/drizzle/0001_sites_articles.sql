CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"content_persona" text DEFAULT '' NOT NULL,
	"rest_root" text,
	"health_score" integer,
	"health_checked_at" timestamp with time zone,
	"health_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "article_images" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"png_base64" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"filename" text NOT NULL,
	"wordpress_media_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_trend_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"topic" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published_date" timestamp with time zone,
	"trend_url" text
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"site_name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"failure_reason" text,
	"scheduled_at" timestamp with time zone,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_sources" boolean GENERATED ALWAYS AS (jsonb_array_length(source_urls) > 0) STORED NOT NULL,
	"task_type" text DEFAULT 'Blog Post' NOT NULL,
	"persona" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"meta_description" text,
	"word_count" integer DEFAULT 0 NOT NULL,
	"target_word_count" integer,
	"attempts" integer DEFAULT 1 NOT NULL,
	"refusal_recovered" boolean DEFAULT false NOT NULL,
	"refusal_matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quality_report" jsonb,
	"wordpress_post_id" integer,
	"wordpress_permalink" text,
	"featured_image_url" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_logs" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"log" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_images" ADD CONSTRAINT "article_images_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_trend_sources" ADD CONSTRAINT "article_trend_sources_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_logs" ADD CONSTRAINT "generation_logs_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_trend_sources_article_idx" ON "article_trend_sources" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_site_created_idx" ON "articles" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_status_created_idx" ON "articles" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_sources_created_idx" ON "articles" USING btree ("has_sources","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);