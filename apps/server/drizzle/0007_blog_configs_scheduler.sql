CREATE TABLE "blog_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"topics" jsonb NOT NULL,
	"posting_interval_min" integer DEFAULT 1 NOT NULL,
	"posting_interval_max" integer DEFAULT 3 NOT NULL,
	"max_posts_per_day" integer DEFAULT 10 NOT NULL,
	"post_status" text DEFAULT 'draft' NOT NULL,
	"task_type" text DEFAULT 'Blog Post' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"word_count" integer DEFAULT 3000 NOT NULL,
	"content_persona" text DEFAULT '' NOT NULL,
	"next_post_at" timestamp with time zone,
	"last_post_at" timestamp with time zone,
	"used_topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_configs_site_id_unique" UNIQUE("site_id")
);
--> statement-breakpoint
CREATE TABLE "scheduler_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"topic" text NOT NULL,
	"article_id" integer,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_token" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scheduler_log_config_slot_unique" UNIQUE("config_id","slot_at")
);
--> statement-breakpoint
ALTER TABLE "blog_configs" ADD CONSTRAINT "blog_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_log" ADD CONSTRAINT "scheduler_log_config_id_blog_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."blog_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_log" ADD CONSTRAINT "scheduler_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_log" ADD CONSTRAINT "scheduler_log_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduler_log_config_created_idx" ON "scheduler_log" USING btree ("config_id","created_at");--> statement-breakpoint
CREATE INDEX "scheduler_log_outcome_idx" ON "scheduler_log" USING btree ("outcome");