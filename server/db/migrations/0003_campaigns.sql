CREATE TABLE "campaign_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"details" text,
	"reject_cause_id" integer,
	"moderator" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_approvals_status_check" CHECK ("campaign_approvals"."status" in ('pending', 'approved', 'rejected', 'needs_edits'))
);
--> statement-breakpoint
CREATE TABLE "campaign_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_stats_daily" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"spend" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "campaign_stats_daily_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_updating_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"period_days" integer NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"ad_id" integer NOT NULL,
	"ad_format" varchar(40) NOT NULL,
	"group_id" integer,
	"name" varchar(120) NOT NULL,
	"status" varchar(16) DEFAULT 'paused' NOT NULL,
	"next_status" varchar(16),
	"pricing_model" varchar(16) NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"limit_type" varchar(16) DEFAULT 'money' NOT NULL,
	"hourly_limit" numeric(16, 2),
	"daily_limit" numeric(16, 2),
	"total_limit" numeric(16, 2),
	"reserved_balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"cpa_status" varchar(24) DEFAULT 'disabled' NOT NULL,
	"statistic_gathering_done" boolean DEFAULT false NOT NULL,
	"limit_exceeded_name" varchar(16),
	"limit_exceeded_type" varchar(16),
	"flat_deal_application_id" integer,
	"offer_of_id" integer,
	"model" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('active', 'paused', 'archived')),
	CONSTRAINT "campaigns_next_status_check" CHECK ("campaigns"."next_status" is null or "campaigns"."next_status" in ('active', 'paused')),
	CONSTRAINT "campaigns_limit_type_check" CHECK ("campaigns"."limit_type" in ('money', 'impressions', 'clicks')),
	CONSTRAINT "campaigns_cpa_status_check" CHECK ("campaigns"."cpa_status" in ('disabled', 'testing', 'test_unsuccessful', 'test_successful'))
);
--> statement-breakpoint
CREATE TABLE "traffic_daily" (
	"day" date NOT NULL,
	"ad_format" varchar(40) NOT NULL,
	"country_id" integer NOT NULL,
	"dimension" varchar(24) NOT NULL,
	"value_id" integer NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"spend" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "traffic_daily_ad_format_dimension_country_id_value_id_day_pk" PRIMARY KEY("ad_format","dimension","country_id","value_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaign_approvals" ADD CONSTRAINT "campaign_approvals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_approvals" ADD CONSTRAINT "campaign_approvals_reject_cause_id_reject_causes_id_fk" FOREIGN KEY ("reject_cause_id") REFERENCES "public"."reject_causes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_groups" ADD CONSTRAINT "campaign_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats_daily" ADD CONSTRAINT "campaign_stats_daily_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updating_rules" ADD CONSTRAINT "campaign_updating_rules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_group_id_campaign_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."campaign_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_approvals_campaign_idx" ON "campaign_approvals" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_groups_user_name_unique" ON "campaign_groups" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "campaign_updating_rules_campaign_idx" ON "campaign_updating_rules" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_user_idx" ON "campaigns" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_ad_idx" ON "campaigns" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "traffic_daily_day_idx" ON "traffic_daily" USING btree ("day");