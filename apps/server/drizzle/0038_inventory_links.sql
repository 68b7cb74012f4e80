ALTER TABLE "site_inventory_items" ADD COLUMN "links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Posts read before this version have no links kept: the next sync of each site reads it whole again.
UPDATE "site_inventory_syncs" SET "cursor" = NULL;
