ALTER TABLE "articles" ADD COLUMN "live_state" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_reason" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "live_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "articles_live_created_idx" ON "articles" USING btree ("live_state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."live_state" is not null;