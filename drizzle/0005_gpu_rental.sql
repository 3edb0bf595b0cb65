CREATE TABLE "gpu_rentals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"provider" text NOT NULL,
	"offer_key" text NOT NULL,
	"region" text NOT NULL,
	"gpu_model" text NOT NULL,
	"gpu_count" integer NOT NULL,
	"vram_gb" real NOT NULL,
	"template" text NOT NULL,
	"image" text NOT NULL,
	"disk_gb" integer NOT NULL,
	"ssh_public_key" text NOT NULL,
	"sandbox" integer DEFAULT 0 NOT NULL,
	"supports_stop" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"status_reason" text,
	"machine_id" text,
	"create_sent_at" timestamp with time zone,
	"create_attempts" integer DEFAULT 0 NOT NULL,
	"connection" jsonb,
	"credits_per_hour" integer NOT NULL,
	"stopped_credits_per_hour" integer DEFAULT 0 NOT NULL,
	"run_minutes" integer DEFAULT 0 NOT NULL,
	"stopped_minutes" integer DEFAULT 0 NOT NULL,
	"running_since" timestamp with time zone,
	"stopped_since" timestamp with time zone,
	"uptime_ms" integer DEFAULT 0 NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"settle_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "gpu_rentals_held_nonnegative" CHECK ("gpu_rentals"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gpu_ssh_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gpu_rentals" ADD CONSTRAINT "gpu_rentals_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpu_ssh_keys" ADD CONSTRAINT "gpu_ssh_keys_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpu_rentals_uid_created" ON "gpu_rentals" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "gpu_rentals_open" ON "gpu_rentals" USING btree ("status") WHERE "gpu_rentals"."status" not in ('terminated', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "gpu_ssh_keys_uid_fingerprint" ON "gpu_ssh_keys" USING btree ("uid","fingerprint");