import { StatisticsReport } from './StatisticsReport';

/** /campaign-statistics: the advertiser's statistics of their campaigns, by any grouping of schemas/statistics offered to it. */
export default function CampaignStatisticsPage() {
  return <StatisticsReport screen="campaign-statistics" />;
}
