ALTER TABLE "auth_sessions" ADD COLUMN "family_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "second_step_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "second_step_locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_sessions_family_idx" ON "auth_sessions" USING btree ("family_id");--> statement-breakpoint
UPDATE "auth_sessions" SET "family_id" = "id" WHERE "family_id" IS NULL;
