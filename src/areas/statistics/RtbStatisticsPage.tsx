import { StatisticsReport } from './StatisticsReport';

/** /rtb-statistics: auctions and spend of RTB traffic only. */
export default function RtbStatisticsPage() {
  return <StatisticsReport screen="rtb-statistics" />;
}
