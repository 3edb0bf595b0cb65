CREATE TABLE "gpu_run_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rental_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"gpu_count" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gpu_run_segments" ADD CONSTRAINT "gpu_run_segments_rental_id_gpu_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."gpu_rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpu_run_segments" ADD CONSTRAINT "gpu_run_segments_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpu_run_segments_uid_started" ON "gpu_run_segments" USING btree ("uid","started_at");--> statement-breakpoint
CREATE INDEX "gpu_run_segments_open" ON "gpu_run_segments" USING btree ("rental_id") WHERE "gpu_run_segments"."ended_at" is null;