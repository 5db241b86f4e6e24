-- When a user finished or skipped the welcome screen (network config welcomeScreen): it shows once, at the first
-- sign-in. Users who existed before it are not new: they count as having seen it.
ALTER TABLE "users" ADD COLUMN "welcome_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "welcome_seen_at" = now();
