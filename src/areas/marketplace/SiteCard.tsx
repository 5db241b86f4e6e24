import { useIntl } from 'react-intl';
import { Button, Card, Classes, Tag } from '@blueprintjs/core';
import type { Site } from '../../../generated/types';
import styles from './Marketplace.module.css';

/** A value of the site report, or a dash when the report does not have it. */
export const DASH = '—';

/** The site's logo, or its initial when it has none (the logo is decorative: the domain names the site). */
export function SiteLogo({ site }: { site: Pick<Site, 'logo' | 'domain'> }) {
  return site.logo ? <img className={styles.logo} src={site.logo} alt="" width={24} height={24} loading="lazy" /> : <span className={styles.initial} aria-hidden>{site.domain.slice(0, 1)}</span>;
}

/** The badges of a site: premium, new, video. */
export function SiteBadges({ site }: { site: Pick<Site, 'premium' | 'is_new' | 'tubecorp'> }) {
  const intl = useIntl();
  const badges = (['premium', 'is_new', 'tubecorp'] as const).filter((b) => site[b]);
  if (!badges.length) return null;
  return (
    <span className={styles.badges}>
      {badges.map((b) => (
        <Tag key={b} minimal round intent={b === 'premium' ? 'warning' : b === 'is_new' ? 'success' : 'none'}>
          {intl.formatMessage({ id: `marketplace.badge.${b}` })}
        </Tag>
      ))}
    </span>
  );
}

/** A marketplace site: logo, domain, badges, category and visits, with its report and its deals a button away. */
export function SiteCard({ site, onReport, onDeals }: { site: Site; onReport: (site: Site) => void; onDeals: (site: Site) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `marketplace.site.${id}` }, values);
  const visits = site.site_report.total_visits;
  return (
    <Card compact className={styles.card} aria-label={site.domain}>
      <span className={styles.cardTitle}>
        <SiteLogo site={site} />
        <strong>{site.domain}</strong>
      </span>
      <SiteBadges site={site} />
      <span className={Classes.TEXT_MUTED}>{site.site_report.category ?? DASH}</span>
      <span>{t('visits', { visits: visits === null ? DASH : intl.formatNumber(visits, { notation: 'compact' }) })}</span>
      <span className={styles.cardActions}>
        <Button size="small" variant="outlined" text={t('report')} aria-label={t('reportOf', { domain: site.domain })} onClick={() => onReport(site)} />
        <Button size="small" variant="minimal" text={t('deals')} aria-label={t('dealsOf', { domain: site.domain })} onClick={() => onDeals(site)} />
      </span>
    </Card>
  );
}
