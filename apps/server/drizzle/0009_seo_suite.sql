CREATE TABLE "seo_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"project_name" text NOT NULL,
	"niche" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"goal" text DEFAULT '' NOT NULL,
	"target_audience" text DEFAULT '' NOT NULL,
	"business_context" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'phase1' NOT NULL,
	"current_phase" integer DEFAULT 1 NOT NULL,
	"progress_percentage" integer DEFAULT 0 NOT NULL,
	"total_articles_planned" integer DEFAULT 0 NOT NULL,
	"optimisation_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_description" text DEFAULT '' NOT NULL,
	"contact_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"keyword_type" text DEFAULT 'primary' NOT NULL,
	"intent_type" text DEFAULT 'informational' NOT NULL,
	"competition_level" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_outlines" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"outline_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_outlines_project_id_unique" UNIQUE("project_id")
);
--> statement-breakpoint
CREATE TABLE "seo_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"page_title" text NOT NULL,
	"page_type" text NOT NULL,
	"slug" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"target_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'generated' NOT NULL,
	"origin" text DEFAULT 'structure' NOT NULL,
	"needs_legal_review" boolean DEFAULT false NOT NULL,
	"schema_markup" jsonb,
	"wordpress_page_id" integer,
	"wordpress_permalink" text,
	"publish_marker" text,
	"publish_create_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_pages_meta_length" CHECK (char_length("seo_pages"."meta_description") <= 160)
);
--> statement-breakpoint
CREATE TABLE "seo_project_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"article_id" integer,
	"article_type" text NOT NULL,
	"content_type" text DEFAULT 'cluster' NOT NULL,
	"title" text NOT NULL,
	"pillar_parent" text DEFAULT '' NOT NULL,
	"target_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"h2_headings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"word_count" integer DEFAULT 2500 NOT NULL,
	"generation_status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"meta_description" text,
	"schema_markup" jsonb,
	"internal_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_project_articles_meta_length" CHECK ("seo_project_articles"."meta_description" IS NULL OR char_length("seo_project_articles"."meta_description") <= 160)
);
--> statement-breakpoint
CREATE TABLE "seo_project_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"phase" integer NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seo_projects" ADD CONSTRAINT "seo_projects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_keywords" ADD CONSTRAINT "seo_keywords_project_id_seo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."seo_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_outlines" ADD CONSTRAINT "seo_outlines_project_id_seo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."seo_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_pages" ADD CONSTRAINT "seo_pages_project_id_seo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."seo_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_project_articles" ADD CONSTRAINT "seo_project_articles_project_id_seo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."seo_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_project_articles" ADD CONSTRAINT "seo_project_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_project_logs" ADD CONSTRAINT "seo_project_logs_project_id_seo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."seo_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_projects_created_idx" ON "seo_projects" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "seo_keywords_project_keyword_uq" ON "seo_keywords" USING btree ("project_id",lower("keyword"));--> statement-breakpoint
CREATE INDEX "seo_keywords_project_idx" ON "seo_keywords" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_pages_project_slug_uq" ON "seo_pages" USING btree ("project_id","slug");--> statement-breakpoint
CREATE INDEX "seo_project_articles_project_idx" ON "seo_project_articles" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "seo_project_articles_article_idx" ON "seo_project_articles" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "seo_project_logs_project_idx" ON "seo_project_logs" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);