import type { FastifyInstance } from 'fastify';
import availableCategories from './available-categories';
import cities from './cities';
import collections from './collections';
import conversionTypes from './conversion-types';
import ipRanges from './ip-ranges';
import mobileApps from './mobile-apps';
import regions from './regions';
import trafficProviders from './traffic-providers';

/**
 * Lookups: the reference lists forms pick from (countries and the other collections, regions, cities, IP ranges,
 * mobile apps, categories, conversion types, traffic providers), searched and paged so no form carries a big enum.
 */
export default async function lookupsArea(app: FastifyInstance) {
  for (const routes of [collections, regions, cities, ipRanges, mobileApps, availableCategories, conversionTypes, trafficProviders]) await app.register(routes);
}
