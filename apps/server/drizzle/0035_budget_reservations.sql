CREATE TABLE "budget_reservations" (
	"holder" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"site_id" integer,
	"cost_nanos" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_reservations" ADD CONSTRAINT "budget_reservations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_reservations_site_idx" ON "budget_reservations" USING btree ("site_id");