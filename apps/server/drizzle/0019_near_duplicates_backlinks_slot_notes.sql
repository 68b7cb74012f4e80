CREATE TABLE "article_fingerprints" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"signature" jsonb NOT NULL,
	"bands" bigint[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backlink_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"source_wp_id" integer NOT NULL,
	"source_title" text NOT NULL,
	"source_link" text NOT NULL,
	"paragraph_index" integer NOT NULL,
	"paragraph_text" text NOT NULL,
	"anchor" text NOT NULL,
	"state" text DEFAULT 'proposed' NOT NULL,
	"previous_content" text,
	"applied_content" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backlink_proposals_article_source_unique" UNIQUE("article_id","source_wp_id")
);
--> statement-breakpoint
ALTER TABLE "scheduler_log" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "article_fingerprints" ADD CONSTRAINT "article_fingerprints_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_proposals" ADD CONSTRAINT "backlink_proposals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_proposals" ADD CONSTRAINT "backlink_proposals_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_fingerprints_bands_idx" ON "article_fingerprints" USING gin ("bands");--> statement-breakpoint
CREATE INDEX "backlink_proposals_article_idx" ON "backlink_proposals" USING btree ("article_id");