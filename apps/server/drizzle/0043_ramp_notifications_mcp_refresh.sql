CREATE TABLE "mcp_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"message" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_link_checks" (
	"url" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"status" integer,
	"final_url" text,
	"error" text,
	"server_errors" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_post_links" (
	"site_id" integer NOT NULL,
	"wp_id" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "refresh_post_links_site_id_wp_id_url_pk" PRIMARY KEY("site_id","wp_id","url")
);
--> statement-breakpoint
CREATE TABLE "refresh_scores" (
	"site_id" integer NOT NULL,
	"wp_id" integer NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"modified_at" timestamp with time zone,
	"score" integer NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_scores_site_id_wp_id_pk" PRIMARY KEY("site_id","wp_id")
);
--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "ramp_start_per_day" integer;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "ramp_weeks" integer;--> statement-breakpoint
ALTER TABLE "blog_configs" ADD COLUMN "ramp_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_post_links" ADD CONSTRAINT "refresh_post_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_scores" ADD CONSTRAINT "refresh_scores_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mcp_tokens_hash_idx" ON "mcp_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_event_channel_idx" ON "notification_deliveries" USING btree ("event_key","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refresh_link_checks_checked_idx" ON "refresh_link_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "refresh_post_links_url_idx" ON "refresh_post_links" USING btree ("url");--> statement-breakpoint
CREATE INDEX "refresh_scores_site_score_idx" ON "refresh_scores" USING btree ("site_id","score");--> statement-breakpoint
CREATE INDEX "refresh_scores_score_idx" ON "refresh_scores" USING btree ("score");