CREATE TABLE "seo_publish_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_status" text NOT NULL,
	"item_ids" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"lock_token" text,
	"lock_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seo_pages" ADD COLUMN "publish_lock_token" text;--> statement-breakpoint
ALTER TABLE "seo_pages" ADD COLUMN "publish_lock_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seo_publish_runs" ADD CONSTRAINT "seo_publish_runs_project_id_seo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."seo_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seo_publish_runs_active_uq" ON "seo_publish_runs" USING btree ("project_id","kind") WHERE "seo_publish_runs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "seo_publish_runs_project_idx" ON "seo_publish_runs" USING btree ("project_id","id");