ALTER TABLE "sites" ADD COLUMN "credentials_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "credentials_rejected_reason" text;