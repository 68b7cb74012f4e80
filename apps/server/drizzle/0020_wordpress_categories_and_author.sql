ALTER TABLE "articles" ADD COLUMN "wp_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "wp_author_id" integer;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "wp_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "wp_author_id" integer;