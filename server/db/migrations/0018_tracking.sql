CREATE TABLE "tracking_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(16) NOT NULL,
	"source" varchar(16) NOT NULL,
	"conversion_type" varchar(40) NOT NULL,
	"payout" numeric(18, 4) NOT NULL,
	"click_id" varchar(64) NOT NULL,
	"click_event_id" bigint,
	"campaign_id" integer,
	"event_id" bigint,
	"dedupe_key" varchar(80),
	"rolled_up_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"key" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_keys_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "tracking_conversions" ADD CONSTRAINT "tracking_conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_conversions" ADD CONSTRAINT "tracking_conversions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_keys" ADD CONSTRAINT "tracking_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_conversions_user_idx" ON "tracking_conversions" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_conversions_dedupe_idx" ON "tracking_conversions" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "tracking_conversions_rollup_idx" ON "tracking_conversions" USING btree ("id") WHERE event_id is not null and rolled_up_at is null;