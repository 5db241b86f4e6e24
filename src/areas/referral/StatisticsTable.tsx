import { useIntl } from 'react-intl';
import { HTMLTable } from '@blueprintjs/core';
import { compareDecimals, parseDecimal } from '../../../engine/format';
import type { ReferralStatistics } from '../../../generated/types';
import { useMoney } from '../../common/useMoney';
import type { Grouping } from './referralRange';
import report from '../../common/reportPage.module.css';
import styles from './Referral.module.css';

type Row = ReferralStatistics['rows'][number];

/** Biggest earner first: the server orders referrals by id, which says nothing to the reader. */
const byEarned = (a: Row, b: Row) => compareDecimals(parseDecimal(b.earned), parseDecimal(a.earned));

/**
 * The statistics as a table: a row per day, month or referral with what the referrals spent and what it earned,
 * and the range's totals at the foot. Days and months read in the user's language (in UTC, as the server counts
 * them); a referral is the masked address the server gives.
 */
export function StatisticsTable({ statistics, groupBy, label }: { statistics: ReferralStatistics; groupBy: Grouping; label: string }) {
  const intl = useIntl();
  const money = useMoney();
  const t = (id: string) => intl.formatMessage({ id: `referral.statistics.${id}` });
  const rowLabel = (row: Row) => {
    if (groupBy === 'day') return intl.formatDate(`${row.key}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
    if (groupBy === 'month') return intl.formatDate(`${row.key}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return row.label;
  };
  const rows = groupBy === 'referral' ? [...statistics.rows].sort(byEarned) : statistics.rows;
  // By referral, each row is one referral: a count of them would always say 1.
  const counted = groupBy !== 'referral';
  const { totals } = statistics;
  return (
    // A scroll box: focusable, so the keyboard can scroll it, and named as the table it holds.
    <div className={`${report.tableBox} ${styles.tableGap}`} tabIndex={0} role="region" aria-label={label}>
      <HTMLTable compact className={report.stickyTable} aria-label={label} data-testid="referral-statistics-table">
        <thead>
          <tr>
            <th scope="col">{t(`grouping.${groupBy}`)}</th>
            {counted ? (
              <th scope="col" className={report.num}>
                {t('column.referrals')}
              </th>
            ) : null}
            <th scope="col" className={report.num}>
              {t('column.spent')}
            </th>
            <th scope="col" className={report.num}>
              {t('column.earned')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{rowLabel(row)}</th>
              {counted ? <td className={report.num}>{intl.formatNumber(row.referrals)}</td> : null}
              <td className={report.num}>{money(row.spent)}</td>
              <td className={report.num}>{money(row.earned)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot data-testid="referral-statistics-totals">
          <tr>
            <th scope="row">{t('total')}</th>
            {counted ? <td className={report.num}>{intl.formatNumber(totals.referrals)}</td> : null}
            <td className={report.num}>{money(totals.spent)}</td>
            <td className={report.num}>{money(totals.earned)}</td>
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}
