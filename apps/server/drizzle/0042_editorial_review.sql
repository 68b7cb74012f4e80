ALTER TABLE "articles" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "review_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "publish_policy" text;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "publish_delay_hours" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "publish_policy" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "publish_delay_hours" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "send_held_as_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_review_idx" ON "articles" USING btree ("review_since","id") WHERE "articles"."review_reason" is not null;--> statement-breakpoint
CREATE INDEX "articles_release_idx" ON "articles" USING btree ("release_at") WHERE "articles"."release_at" is not null;