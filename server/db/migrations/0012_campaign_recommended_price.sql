-- The recommended price of a campaign (areas/campaigns/priceAdjust.ts): what the traffic estimate recommends for its
-- format, pricing model and targets, kept on the campaign for its answer and the price auto-adjust job.
ALTER TABLE "campaigns" ADD COLUMN "recommended_price" numeric(14, 4);
