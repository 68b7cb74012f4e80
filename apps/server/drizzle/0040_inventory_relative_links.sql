-- Relative links (href="/slug/", "?p=123") were not kept before this version: the next sync of each site reads it whole again.
UPDATE "site_inventory_syncs" SET "cursor" = NULL;
