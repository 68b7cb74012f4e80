ALTER TABLE "articles" ADD COLUMN "origin_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_origin_key_idx" ON "articles" USING btree ("origin_key");