-- Idempotency keys belong to a session (issue #31): the stored answers have no owner to carry over, so they are dropped. They lived 24 hours at most; a form sent again after the upgrade is done again instead of replayed.
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "body_digest" text NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key");
