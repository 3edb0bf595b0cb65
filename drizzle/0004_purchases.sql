CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"pack_id" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"session_id" text,
	"payment_intent_id" text,
	"receipt_url" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"credits_taken_back" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_status" CHECK ("purchases"."status" in ('pending','processing','paid','failed','expired','refunded','partially_refunded'))
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_uid_created" ON "purchases" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_session_id" ON "purchases" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "purchases_payment_intent_id" ON "purchases" USING btree ("payment_intent_id");