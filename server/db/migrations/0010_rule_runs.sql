-- Updating rules run (areas/campaigns/ruleRuns.ts): each rule keeps what its last hourly check found and when it last
-- changed the campaign, written in the transaction of the change, so a rule acts at most once per its period.
ALTER TABLE "campaign_updating_rules" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_updating_rules" ADD COLUMN "last_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_updating_rules" ADD COLUMN "last_result" varchar(16);--> statement-breakpoint
ALTER TABLE "campaign_updating_rules" ADD COLUMN "last_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "campaign_updating_rules" ADD CONSTRAINT "campaign_updating_rules_last_result_check" CHECK ("campaign_updating_rules"."last_result" is null or "campaign_updating_rules"."last_result" in ('applied', 'not_matched', 'nothing_to_do'));