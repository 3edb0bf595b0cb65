CREATE TABLE "idempotent_requests" (
	"uid" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_uid_key_pk" PRIMARY KEY("uid","key")
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;