import { lazy, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Classes, H3, H4, Spinner } from '@blueprintjs/core';
import type { Site } from '../../../generated/types';
import { isSafeAssetUrl } from '../../app/safeAssetUrl';
import type { ShareBar } from './ShareBars';
import { DASH, SiteBadges, SiteLogo } from './SiteCard';
import styles from './Marketplace.module.css';

/** nivo is fetched with the first report shown, never with the page. */
const ShareBars = lazy(() => import('./ShareBars'));

/** One chart of the report with its figures as text for screen readers, or a dash when the report lacks them. */
function ShareChart({ title, bars }: { title: string; bars: ShareBar[] }) {
  const intl = useIntl();
  const format = (percent: number) => `${intl.formatNumber(percent, { maximumFractionDigits: 1 })} %`;
  return (
    <figure className={styles.chart}>
      <H4 as="figcaption">{title}</H4>
      {bars.length ? (
        <>
          <Suspense fallback={<Spinner size={20} />}>
            <ShareBars bars={bars} format={format} />
          </Suspense>
          <ul className={styles.visuallyHidden}>
            {bars.map((b) => (
              <li key={b.label}>
                {b.label}: {format(b.percent)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={Classes.TEXT_MUTED}>{DASH}</p>
      )}
    </figure>
  );
}

/**
 * A site's report, as the marketplace shows it: title, favicon, description, category and its rank, global rank,
 * visits, time on site and pages per visit, then its audience by age, gender and country as charts. Every value the
 * report does not have is a dash.
 */
export function SiteReport({ site, countryName, children }: { site: Site; countryName: (id: number) => string; children?: ReactNode }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `marketplace.report.${id}` });
  const r = site.site_report;
  const number = (v: number | null) => (v === null ? DASH : intl.formatNumber(v));
  const facts: [string, string][] = [
    ['category', r.category ?? DASH],
    ['categoryRank', r.category_rank === null ? DASH : `#${intl.formatNumber(r.category_rank)}`],
    ['globalRank', r.global_rank === null ? DASH : `#${intl.formatNumber(r.global_rank)}`],
    ['visits', number(r.total_visits)],
    ['timeOnSite', r.time_on_site === null ? DASH : `${Math.floor(r.time_on_site / 60)}:${String(r.time_on_site % 60).padStart(2, '0')}`],
    ['pagesPerVisit', r.pages_per_visit === null ? DASH : intl.formatNumber(r.pages_per_visit, { maximumFractionDigits: 1 })],
    ['audienceAge', r.audience_age ?? DASH],
  ];
  const gender: ShareBar[] = r.male === null || r.female === null ? [] : [{ label: t('male'), percent: Number(r.male) }, { label: t('female'), percent: Number(r.female) }];
  return (
    <article className={styles.report} aria-label={site.domain}>
      <header className={styles.cardTitle}>
        {isSafeAssetUrl(r.favicon_url) ? <img className={styles.logo} src={r.favicon_url} alt="" width={24} height={24} /> : <SiteLogo site={site} />}
        <H3 className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{r.title ?? site.domain}</H3>
      </header>
      <span className={Classes.TEXT_MUTED}>{site.domain}</span>
      <SiteBadges site={site} />
      <p>{r.description ?? DASH}</p>
      <dl className={styles.reportFacts}>
        {facts.map(([id, value]) => (
          <div key={id}>
            <dt className={Classes.TEXT_MUTED}>{t(id)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.charts}>
        <ShareChart title={t('ages')} bars={r.audience_ages.map((a) => ({ label: a.age, percent: Number(a.percent) }))} />
        <ShareChart title={t('gender')} bars={gender} />
        <ShareChart title={t('countries')} bars={r.country_shares.map((c) => ({ label: countryName(c.country_id), percent: Number(c.percent) }))} />
      </div>
      {children}
    </article>
  );
}
