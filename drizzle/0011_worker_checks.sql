CREATE TABLE "worker_checks" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"missing" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "error_kind" text;