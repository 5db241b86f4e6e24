CREATE TABLE "ad_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"details" text,
	"reject_cause_id" integer,
	"moderator" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_approvals_status_check" CHECK ("ad_approvals"."status" in ('pending', 'approved', 'rejected', 'needs_edits'))
);
--> statement-breakpoint
CREATE TABLE "ad_creatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"position" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_scan_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"verdict" varchar(16) NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"format" varchar(40) NOT NULL,
	"name" varchar(255) NOT NULL,
	"status" varchar(16) DEFAULT 'created' NOT NULL,
	"size" varchar(20),
	"model" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_status_check" CHECK ("ads"."status" in ('created', 'creating', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "media_blobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"path" varchar(300) DEFAULT '' NOT NULL,
	"mime_type" varchar(80) NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"token" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"mime_type" varchar(80) NOT NULL,
	"name" varchar(200) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"custom_properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_kind_check" CHECK ("media_files"."kind" in ('image', 'video', 'package', 'document'))
);
--> statement-breakpoint
CREATE TABLE "reject_causes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_approvals" ADD CONSTRAINT "ad_approvals_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_approvals" ADD CONSTRAINT "ad_approvals_reject_cause_id_reject_causes_id_fk" FOREIGN KEY ("reject_cause_id") REFERENCES "public"."reject_causes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_scan_reports" ADD CONSTRAINT "ad_scan_reports_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_blobs" ADD CONSTRAINT "media_blobs_media_id_media_files_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_approvals_ad_idx" ON "ad_approvals" USING btree ("ad_id","id");--> statement-breakpoint
CREATE INDEX "ad_creatives_ad_idx" ON "ad_creatives" USING btree ("ad_id","position");--> statement-breakpoint
CREATE INDEX "ad_scan_reports_ad_idx" ON "ad_scan_reports" USING btree ("ad_id","id");--> statement-breakpoint
CREATE INDEX "ads_user_idx" ON "ads" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_blobs_media_path_unique" ON "media_blobs" USING btree ("media_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_token_unique" ON "media_files" USING btree ("token");--> statement-breakpoint
CREATE INDEX "media_files_user_idx" ON "media_files" USING btree ("user_id","created_at");