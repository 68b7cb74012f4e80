CREATE TABLE "site_inventory_authors" (
	"site_id" integer NOT NULL,
	"wp_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "site_inventory_authors_site_id_wp_id_pk" PRIMARY KEY("site_id","wp_id")
);
--> statement-breakpoint
CREATE TABLE "site_inventory_items" (
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"wp_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"link" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"modified_at" timestamp with time zone,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"author_id" integer,
	"excerpt" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_inventory_items_site_id_kind_wp_id_pk" PRIMARY KEY("site_id","kind","wp_id")
);
--> statement-breakpoint
CREATE TABLE "site_inventory_syncs" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"progress_at" timestamp with time zone,
	"phase" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"fetched" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"last_success_at" timestamp with time zone,
	"cursor" timestamp with time zone,
	"post_count" integer DEFAULT 0 NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_inventory_terms" (
	"site_id" integer NOT NULL,
	"taxonomy" text NOT NULL,
	"wp_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent" integer DEFAULT 0 NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_inventory_terms_site_id_taxonomy_wp_id_pk" PRIMARY KEY("site_id","taxonomy","wp_id")
);
--> statement-breakpoint
ALTER TABLE "site_inventory_authors" ADD CONSTRAINT "site_inventory_authors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inventory_items" ADD CONSTRAINT "site_inventory_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inventory_syncs" ADD CONSTRAINT "site_inventory_syncs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_inventory_terms" ADD CONSTRAINT "site_inventory_terms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_inventory_items_site_date_idx" ON "site_inventory_items" USING btree ("site_id","published_at");