-- The balance-expiring notice (areas/finances/billing.ts): when a user was told the balance runs out within days at
-- the last week's spend, so the notice is sent once per crossing.
ALTER TABLE "billing_accounts" ADD COLUMN "expiring_notified_at" timestamp with time zone;