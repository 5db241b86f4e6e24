CREATE TABLE "stat_daily" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"dimension" varchar(24) NOT NULL,
	"value_id" integer NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"video_views" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"payouts" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_daily_user_id_dimension_day_campaign_id_value_id_pk" PRIMARY KEY("user_id","dimension","day","campaign_id","value_id")
);
--> statement-breakpoint
CREATE TABLE "stat_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"creative_id" integer DEFAULT 0 NOT NULL,
	"kind" smallint NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"provider_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"browser_id" integer DEFAULT 0 NOT NULL,
	"os_id" integer DEFAULT 0 NOT NULL,
	"carrier_id" integer DEFAULT 0 NOT NULL,
	"platform_id" integer DEFAULT 0 NOT NULL,
	"site_id" integer DEFAULT 0 NOT NULL,
	"spot_id" integer DEFAULT 0 NOT NULL,
	"cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"payout" numeric(18, 4) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"video_views" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"payouts" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "stat_hourly_user_id_hour_campaign_id_creative_id_pk" PRIMARY KEY("user_id","hour","campaign_id","creative_id")
);
--> statement-breakpoint
ALTER TABLE "stat_daily" ADD CONSTRAINT "stat_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_events" ADD CONSTRAINT "stat_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_events" ADD CONSTRAINT "stat_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_hourly" ADD CONSTRAINT "stat_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stat_events_time_idx" ON "stat_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "stat_events_user_time_idx" ON "stat_events" USING btree ("user_id","occurred_at");