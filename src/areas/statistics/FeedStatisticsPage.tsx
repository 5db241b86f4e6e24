import { StatisticsReport } from './StatisticsReport';

/** /feed-statistics: auctions and spend over XML feeds (GET feeds/statistics). */
export default function FeedStatisticsPage() {
  return <StatisticsReport screen="feed-statistics" />;
}
