CREATE TABLE "article_counts" (
	"site_key" integer NOT NULL,
	"status" text NOT NULL,
	"has_sources" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_counts_site_key_status_has_sources_pk" PRIMARY KEY("site_key","status","has_sources")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_marker" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_create_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_lock_token" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_lock_expires_at" timestamp with time zone;