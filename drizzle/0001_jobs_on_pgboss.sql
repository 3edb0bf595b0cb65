DROP INDEX "jobs_claimable";--> statement-breakpoint
DROP INDEX "jobs_uid_idempotency_key";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
CREATE INDEX "jobs_status_created" ON "jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_uid_idempotency_key" ON "jobs" USING btree ("uid","idempotency_key");--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "run_after";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "lease_expires_at";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "cancel_requested";