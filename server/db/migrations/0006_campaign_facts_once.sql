-- A campaign's name, ad, group, pricing model, price and limits live in their own columns only: the saved form
-- (`model`) kept a second copy, which a price change had to keep in step by hand. The panel gets the whole form
-- back from the columns (areas/campaigns/answers.ts campaignForm).
UPDATE "campaigns" SET "model" = "model" - 'name' - 'ad_format' - 'ad_id' - 'campaign_group_id' - 'pricing_model' - 'price' - 'limits';
