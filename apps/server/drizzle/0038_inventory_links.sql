ALTER TABLE "backlink_proposals" ALTER COLUMN "article_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backlink_proposals" ADD COLUMN "target_wp_id" integer;--> statement-breakpoint
ALTER TABLE "backlink_proposals" ADD COLUMN "target_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "backlink_proposals" ADD COLUMN "target_link" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_inventory_items" ADD COLUMN "links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "backlink_proposals" ADD CONSTRAINT "backlink_proposals_target_source_unique" UNIQUE("site_id","target_wp_id","source_wp_id");--> statement-breakpoint
-- Posts read before this version have no links kept: the next sync of each site reads it whole again.
UPDATE "site_inventory_syncs" SET "cursor" = NULL;
