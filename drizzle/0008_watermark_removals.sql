CREATE TABLE "watermark_removals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"job_id" uuid,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"error" text,
	"cost" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"source_file_id" uuid,
	"output_file_id" uuid,
	"duration_ms" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detected_at" timestamp with time zone,
	"facts" jsonb NOT NULL,
	"rights_confirmed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watermark_removals" ADD CONSTRAINT "watermark_removals_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_removals" ADD CONSTRAINT "watermark_removals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_removals" ADD CONSTRAINT "watermark_removals_source_file_id_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_removals" ADD CONSTRAINT "watermark_removals_output_file_id_files_id_fk" FOREIGN KEY ("output_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watermark_removals_uid_created" ON "watermark_removals" USING btree ("uid","created_at");