import type { FastifyInstance } from 'fastify';
import campaignsRoutes from './campaigns';
import campaignGroupsRoutes from './groups';
import campaignUpdatingRulesRoutes from './updating-rules';
import campaignTooltipsRoutes from './tooltips';
import { createCampaignsRepository } from './repository';
import { runUpdatingRules, UPDATING_RULES_EVERY_MS, UPDATING_RULES_JOB } from './ruleRuns';
import { LIFECYCLE_EVERY_MS, LIFECYCLE_JOB, runLifecycle } from './lifecycle';
import { PRICE_ADJUST_EVERY_MS, PRICE_ADJUST_JOB, runPriceAdjust } from './priceAdjust';
import './public';

/**
 * Campaigns: the table, the form's reads and writes, bulk status changes, groups, updating rules (and the hourly
 * job that runs them, ruleRuns.ts), the lifecycle job (dates and limits, lifecycle.ts), the recommended price and its auto-adjust (priceAdjust.ts) and the tooltips from their
 * statistics.
 */
export default async function campaignsArea(app: FastifyInstance) {
  const { jobs, db } = app.platform;
  jobs.every(UPDATING_RULES_JOB, UPDATING_RULES_EVERY_MS, async (now) => void (await runUpdatingRules(db, now, app.log)));
  jobs.every(LIFECYCLE_JOB, LIFECYCLE_EVERY_MS, async (now) => void (await runLifecycle(app, now)));
  jobs.every(PRICE_ADJUST_JOB, PRICE_ADJUST_EVERY_MS, async () => void (await runPriceAdjust(app)));
  await app.register(campaignsRoutes);
  await app.register(campaignGroupsRoutes);
  await app.register(campaignUpdatingRulesRoutes);
  await app.register(campaignTooltipsRoutes);
}

/** `app.campaigns`: the campaigns repository, for this area's routes and the areas that show or moderate campaigns. */
export function provide(app: FastifyInstance) {
  app.decorate('campaigns', createCampaignsRepository(app.platform.db));
}
