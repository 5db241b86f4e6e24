CREATE TABLE "account_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"avatar_url" text,
	"telegram" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"impersonator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" uuid,
	"ip" varchar(64),
	"user_agent" varchar(512)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"network_id" varchar(40) NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(120) NOT NULL,
	"password_hash" text NOT NULL,
	"role" varchar(16) DEFAULT 'advertiser' NOT NULL,
	"status" varchar(16) DEFAULT 'unconfirmed' NOT NULL,
	"account_type" varchar(16) DEFAULT 'personal' NOT NULL,
	"company_name" varchar(200),
	"locale" varchar(2) DEFAULT 'en' NOT NULL,
	"balance" numeric(18, 4) DEFAULT '0' NOT NULL,
	"account_manager_id" integer,
	"two_factor_method" varchar(16),
	"email_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('advertiser', 'support')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('confirmed', 'unconfirmed')),
	CONSTRAINT "users_account_type_check" CHECK ("users"."account_type" in ('personal', 'company')),
	CONSTRAINT "users_two_factor_check" CHECK ("users"."two_factor_method" is null or "users"."two_factor_method" in ('email', 'google'))
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_manager_id_account_managers_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."account_managers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_managers_network_email_unique" ON "account_managers" USING btree ("network_id","email");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_network_email_unique" ON "users" USING btree ("network_id","email");