import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import type { Site } from '../../../generated/types';
import { useLoader } from '../../../engine/state/useLoader';
import { useStores } from '../../app/context';
import styles from './TargetedSites.module.css';

/** The most sites the page details; a longer list says how many more there are. */
const SHOWN = 50;

/** A report value, or a dash when the site does not have it. */
const DASH = '—';

/**
 * The sites a campaign's site target names, as a publisher list reads: logo, domain, badges (premium, new,
 * marketplace, video) and the site report (visits, rank, time on site, pages per visit, audience), with a dash for
 * every value the report does not have (POST sites/details).
 */
export function TargetedSites({ ids, accept }: { ids: number[]; accept: boolean }) {
  const intl = useIntl();
  const { api } = useStores();
  const key = ids.slice(0, SHOWN).join(',');
  const load = useCallback(
    (signal: AbortSignal) => api.post<{ data: Site[] }>('sites/details', { ids: key.split(',').map(Number) }, { signal, silent: true }).then((a) => a.data),
    [api, key],
  );
  const { data, status, retry } = useLoader(ids.length ? load : null);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `campaign.sites.${id}` }, values);
  if (!ids.length) return null;
  if (status === 'error') {
    return (
      <Callout intent="warning" compact>
        {t('loadFailed')} <Button size="small" variant="minimal" text={t('retry')} onClick={retry} />
      </Callout>
    );
  }
  if (!data) return <Spinner size={20} aria-label={t('loading')} />;
  const number = (v: number | null) => (v === null ? DASH : intl.formatNumber(v));
  const duration = (seconds: number | null) => (seconds === null ? DASH : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`);
  const percent = (v: string | null) => (v === null ? DASH : `${intl.formatNumber(Number(v), { maximumFractionDigits: 1 })} %`);
  const badges = (s: Site) =>
    (['premium', 'is_new', 'marketplace', 'tubecorp'] as const)
      .filter((b) => s[b])
      .map((b) => (
        <Tag key={b} minimal round intent={b === 'premium' ? 'warning' : 'none'} className={styles.badge}>
          {t(`badge.${b}`)}
        </Tag>
      ));
  return (
    <div className={styles.sites}>
      <p className="bp6-text-muted">{t(accept ? 'only' : 'never', { count: ids.length })}</p>
      <HTMLTable compact striped className={styles.table}>
        <thead>
          <tr>
            <th>{t('site')}</th>
            <th>{t('visits')}</th>
            <th>{t('rank')}</th>
            <th>{t('timeOnSite')}</th>
            <th>{t('pagesPerVisit')}</th>
            <th>{t('audience')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((s) => (
            <tr key={s.id}>
              <td>
                <span className={styles.site}>
                  {s.logo ? <img src={s.logo} alt="" width={20} height={20} loading="lazy" /> : <span className={styles.noLogo} aria-hidden />}
                  <span>{s.domain}</span>
                  {badges(s)}
                </span>
              </td>
              <td>{number(s.site_report.total_visits)}</td>
              <td>{s.site_report.global_rank === null ? DASH : `#${intl.formatNumber(s.site_report.global_rank)}`}</td>
              <td>{duration(s.site_report.time_on_site)}</td>
              <td>{s.site_report.pages_per_visit === null ? DASH : intl.formatNumber(s.site_report.pages_per_visit, { maximumFractionDigits: 1 })}</td>
              <td>
                {s.site_report.audience_age ?? DASH} · {t('male')} {percent(s.site_report.male)} · {t('female')} {percent(s.site_report.female)}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {ids.length > SHOWN ? <p className="bp6-text-muted">{t('more', { count: ids.length - SHOWN })}</p> : null}
    </div>
  );
}
