CREATE TABLE "request_holds" (
	"uid" text NOT NULL,
	"key" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_holds_uid_key_pk" PRIMARY KEY("uid","key"),
	CONSTRAINT "request_holds_amount_positive" CHECK ("request_holds"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "credit_ledger_request_holds";--> statement-breakpoint
ALTER TABLE "request_holds" ADD CONSTRAINT "request_holds_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_holds_created" ON "request_holds" USING btree ("created_at");--> statement-breakpoint
-- Request holds still open in the ledger (a reserve without its settlement) move into the table the sweep reads. Jobs'
-- holds carry a job id and rentals' are keyed gpu:<rental>:<n>:reserve; neither is a request's.
INSERT INTO "request_holds" ("uid", "key", "amount", "reason", "created_at")
SELECT h."uid", left(h."idempotency_key", -8), -h."delta", h."reason", h."created_at"
FROM "credit_ledger" h
WHERE h."kind" = 'reserve' AND h."job_id" IS NULL AND h."idempotency_key" LIKE '%:reserve'
  AND h."idempotency_key" NOT LIKE 'gpu:%' AND h."delta" < 0
  AND NOT EXISTS (
    SELECT 1 FROM "credit_ledger" s
    WHERE s."uid" = h."uid" AND s."idempotency_key" = left(h."idempotency_key", -8) || ':settle'
  )
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The old sweep released holds of live rentals under gpu:<rental>:<n>:settle: those credits went back to the balance
-- while the rental still counted them as held. A live rental's hold shrinks by what was released, so its next
-- settlement tops it up again from the balance.
UPDATE "gpu_rentals" r SET "held" = greatest(0, r."held" - swept.amount)
FROM (
  SELECT split_part(s."idempotency_key", ':', 2) AS rental_id, sum(s."delta") AS amount
  FROM "credit_ledger" s
  WHERE s."kind" = 'release' AND s."idempotency_key" LIKE 'gpu:%:settle'
  GROUP BY 1
) swept
WHERE r."id"::text = swept.rental_id AND r."status" NOT IN ('terminated', 'failed');
