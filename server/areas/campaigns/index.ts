import type { FastifyInstance } from 'fastify';
import campaignsRoutes from './campaigns';
import campaignGroupsRoutes from './groups';
import campaignUpdatingRulesRoutes from './updating-rules';
import campaignTooltipsRoutes from './tooltips';

/** Campaigns: the table, the form's reads and writes, bulk status changes, groups, updating rules and the tooltips from their statistics. */
export default async function campaignsArea(app: FastifyInstance) {
  await app.register(campaignsRoutes);
  await app.register(campaignGroupsRoutes);
  await app.register(campaignUpdatingRulesRoutes);
  await app.register(campaignTooltipsRoutes);
}
