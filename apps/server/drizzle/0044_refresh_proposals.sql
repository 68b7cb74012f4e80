CREATE TABLE "refresh_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"wp_id" integer NOT NULL,
	"post_title" text DEFAULT '' NOT NULL,
	"post_link" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'proposed' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"markup" text DEFAULT 'classic' NOT NULL,
	"base_content" text NOT NULL,
	"base_title" text NOT NULL,
	"base_excerpt" text NOT NULL,
	"base_modified_gmt" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_cost_usd" double precision DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"auto_applied" boolean DEFAULT false NOT NULL,
	"note" text,
	"previous_content" text,
	"previous_title" text,
	"previous_excerpt" text,
	"applied_content" text,
	"applied_title" text,
	"applied_excerpt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_site_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"weekly_proposals" integer DEFAULT 0 NOT NULL,
	"auto_apply_dead_links" boolean DEFAULT false NOT NULL,
	"cooldown_days" integer DEFAULT 180 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_proposals" ADD CONSTRAINT "refresh_proposals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_site_settings" ADD CONSTRAINT "refresh_site_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_proposals_post_idx" ON "refresh_proposals" USING btree ("site_id","wp_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_proposals_state_idx" ON "refresh_proposals" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_proposals_one_waiting_idx" ON "refresh_proposals" USING btree ("site_id","wp_id") WHERE "refresh_proposals"."state" = 'proposed';