import { StatisticsReport } from './StatisticsReport';

/** /ssp-statistics: auctions and spend by supply side platform. */
export default function SspStatisticsPage() {
  return <StatisticsReport screen="ssp-statistics" />;
}
