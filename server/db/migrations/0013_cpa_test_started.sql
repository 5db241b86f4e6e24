-- When a CPA campaign's current test started (areas/campaigns/cpaTest.ts): the test counts statistics from then on.
-- CPA campaigns saved before the test existed start theirs now.
ALTER TABLE "campaigns" ADD COLUMN "cpa_test_started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "campaigns" SET "cpa_status" = 'testing', "cpa_test_started_at" = now() WHERE "pricing_model" = 'cpa' AND "cpa_status" = 'disabled';
