CREATE TABLE "card_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"documents" jsonb NOT NULL,
	"reject_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_verifications_type_check" CHECK ("card_verifications"."type" in ('photo_of_card', 'passport', 'passport_and_paper', 'io')),
	CONSTRAINT "card_verifications_status_check" CHECK ("card_verifications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "card_verifications" ADD CONSTRAINT "card_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_verifications" ADD CONSTRAINT "card_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_verifications_user_type_live_unique" ON "card_verifications" USING btree ("user_id","type") WHERE "card_verifications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "card_verifications_user_idx" ON "card_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "card_verifications_pending_idx" ON "card_verifications" USING btree ("status","created_at");