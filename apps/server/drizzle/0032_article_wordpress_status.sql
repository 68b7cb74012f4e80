ALTER TABLE "articles" ADD COLUMN "wordpress_status" text;--> statement-breakpoint
-- Articles already sent: until now the article's status followed the post's at every push.
UPDATE "articles" SET "wordpress_status" = CASE "status" WHEN 'published' THEN 'publish' WHEN 'scheduled' THEN 'future' WHEN 'review' THEN 'pending' ELSE 'draft' END WHERE "wordpress_post_id" IS NOT NULL;
