CREATE TABLE "knowledge_vectors" (
	"site_id" integer NOT NULL,
	"doc_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"model" text NOT NULL,
	"vector" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_vectors_site_id_doc_key_pk" PRIMARY KEY("site_id","doc_key")
);
--> statement-breakpoint
ALTER TABLE "site_inventory_items" ADD COLUMN "headings" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_inventory_items" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_vectors" ADD CONSTRAINT "knowledge_vectors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_vectors_site_created_idx" ON "knowledge_vectors" USING btree ("site_id","created_at");--> statement-breakpoint
-- Posts read before this version have no body text: the next sync of each site reads it whole again.
UPDATE "site_inventory_syncs" SET "cursor" = NULL;
