ALTER TABLE "blog_configs" ADD COLUMN "ramp_start_per_day" integer;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "ramp_weeks" integer;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "ramp_started_at" timestamp with time zone;
