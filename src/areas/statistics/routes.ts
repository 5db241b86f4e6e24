import { main, type RouteDef } from '../../app/routeDef';

/** The statistics area: the campaign, RTB, SSP and feed reports, each behind its own section. */
export const routes: readonly RouteDef[] = [
  main('campaignStatistics', '/campaign-statistics', 'Statistics', () => import('./CampaignStatisticsPage')),
  main('rtbStatistics', '/rtb-statistics', 'RtbStatistics', () => import('./RtbStatisticsPage')),
  main('sspStatistics', '/ssp-statistics', 'SspStatistics', () => import('./SspStatisticsPage')),
  main('feedStatistics', '/feed-statistics', 'Feeds', () => import('./FeedStatisticsPage')),
];
