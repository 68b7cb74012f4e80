CREATE TABLE "provider_health" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"cooling_until" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"cooldowns" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"calls_ok" integer DEFAULT 0 NOT NULL,
	"calls_failed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
