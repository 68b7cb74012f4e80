ALTER TABLE "processed_trends" ALTER COLUMN "processed_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "processed_trends" ALTER COLUMN "processed_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "processed_trends" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;