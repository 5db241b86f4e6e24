CREATE TABLE "captcha_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"answer_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"to" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"kind" varchar(40) NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(64) NOT NULL,
	"category" varchar(48) NOT NULL,
	"entity_type" varchar(24),
	"entity_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spend_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"spent_on" date NOT NULL,
	"campaign_id" integer,
	"amount" numeric(18, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "user_codes_purpose_check" CHECK ("user_codes"."purpose" in ('email_confirm', 'login_email', 'login_google', 'password_reset', 'impersonate', 'telegram_link'))
);
--> statement-breakpoint
CREATE TABLE "user_messengers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"messenger_id" integer NOT NULL,
	"nickname" varchar(120) NOT NULL,
	"messenger_user_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_address" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_site" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "additional_info" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliate_code" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ad_actions_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "campaign_actions_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "campaign_tooltips_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_percent" numeric(5, 2) DEFAULT '5' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_company_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_manage_status" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google2fa_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google2fa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google2fa_last_step" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_ledger" ADD CONSTRAINT "spend_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_codes" ADD CONSTRAINT "user_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_codes" ADD CONSTRAINT "user_codes_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messengers" ADD CONSTRAINT "user_messengers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "spend_ledger_user_day_idx" ON "spend_ledger" USING btree ("user_id","spent_on");--> statement-breakpoint
CREATE INDEX "user_codes_user_purpose_idx" ON "user_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_messengers_user_messenger_unique" ON "user_messengers" USING btree ("user_id","messenger_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_full_manage_check" CHECK ("users"."full_manage_status" is null or "users"."full_manage_status" in ('pending', 'approved', 'rejected'));