import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Classes, Drawer, H3, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { ChevronLeft, ChevronRight, Refresh, Search } from '@blueprintjs/icons';
import { isSortable } from '../../../engine/table/columnSet';
import { useStores } from '../../app/context';
import { useLookupContext } from '../../common/useLookupContext';
import { DealCard } from './DealCard';
import { DealFilters } from './DealFilters';
import { dealColumnSet, MarketplaceStore } from './MarketplaceStore';
import { SiteCard } from './SiteCard';
import { SiteReport } from './SiteReport';
import { useReferenceNames } from './useReferenceNames';
import styles from './Marketplace.module.css';

/** Sites shown at first, and added by each "show more". */
const SITES_STEP = 20;

/** A load that failed, with a retry. */
function Failed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Callout intent="danger" role="alert" title={title}>
      <Button icon={<Refresh />} text={intl.formatMessage({ id: 'marketplace.retry' })} onClick={onRetry} />
    </Callout>
  );
}

/** The marketplace's sites, searched in place; each opens its report or shows its deals. */
const SitesColumn = observer(function SitesColumn({ store }: { store: MarketplaceStore }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id: `marketplace.sites.${id}` }, values);
  const [shown, setShown] = useState(SITES_STEP);
  const sites = store.visibleSites;
  const { status } = store.siteLoader;
  let body;
  if (status === 'error') body = <Failed title={t('failed')} onRetry={() => void store.siteLoader.retry()} />;
  else if (status !== 'ready') body = <Spinner size={24} aria-label={t('loading')} />;
  else if (!sites.length) body = <NonIdealState icon="search" title={t('none')} />;
  else
    body = (
      // Its own scroll, so the sites stay beside the deals however many are shown.
      <div className={styles.siteScroll} tabIndex={0} role="region" aria-label={t('title')}>
        <ul className={styles.siteList}>
          {sites.slice(0, shown).map((site) => (
            <li key={site.id}>
              <SiteCard site={site} onReport={store.openReport} onDeals={store.dealsOfSite} />
            </li>
          ))}
        </ul>
        {sites.length > shown ? <Button variant="outlined" fill text={t('more', { count: Math.min(SITES_STEP, sites.length - shown) })} onClick={() => setShown(shown + SITES_STEP)} /> : null}
      </div>
    );
  return (
    <section className={styles.column} aria-labelledby="marketplace-sites-title">
      <header className={styles.columnHeader}>
        <H3 id="marketplace-sites-title">{t('title')}</H3>
        {status === 'ready' ? <span className={Classes.TEXT_MUTED}>{t('count', { count: sites.length })}</span> : null}
      </header>
      <InputGroup type="search" leftIcon={<Search />} aria-label={t('search')} placeholder={t('search')} value={store.siteSearch} onValueChange={store.setSiteSearch} />
      {body}
    </section>
  );
});

/** The deals: filters, sort, cards and pages. */
const DealsColumn = observer(function DealsColumn({ store }: { store: MarketplaceStore }) {
  const intl = useIntl();
  const { settings } = useStores();
  const names = useReferenceNames();
  const lookups = useLookupContext(store);
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id: `marketplace.deals.${id}` }, values);
  const table = store.deals;
  const data = settings.data?.flat_deal;
  const sortable = dealColumnSet.columns.filter(isSortable);
  const sortValue = `${table.sort.column}:${table.sort.direction}`;
  let body;
  if (table.status === 'error') body = <Failed title={t('failed')} onRetry={() => void table.reload()} />;
  else if (table.status !== 'ready' && !table.rows.length) body = <Spinner size={32} aria-label={t('loading')} />;
  else if (!table.rows.length)
    body = <NonIdealState icon="search" title={t('none')} description={t('noneHint')} action={store.hasFilters ? <Button text={t('clear')} onClick={store.clearFilters} /> : undefined} />;
  else
    body = (
      <ul className={styles.dealGrid} aria-busy={table.isLoading || undefined} style={table.isLoading ? { opacity: 0.6 } : undefined}>
        {table.rows.map((deal) => (
          <li key={deal.id}>
            <DealCard deal={deal} names={names} />
          </li>
        ))}
      </ul>
    );
  const { from, to } = table.range;
  return (
    <section className={styles.column} aria-labelledby="marketplace-deals-title">
      <header className={styles.columnHeader}>
        <H3 id="marketplace-deals-title">{t('title')}</H3>
      </header>
      {data ? <DealFilters store={store} data={data} trafficTypeName={names.trafficType} lookups={lookups} /> : null}
      <div className={styles.toolbar}>
        <span className={Classes.TEXT_MUTED} aria-live="polite">
          {table.status === 'ready' ? t('found', { count: table.totalCount }) : ''}
        </span>
        <label className={styles.pager}>
          <span>{t('sort')}</span>
          <HTMLSelect
            value={sortValue}
            onChange={(e) => {
              const [column, direction] = e.target.value.split(':');
              table.setSort(column!, direction as 'asc' | 'desc');
            }}
          >
            {sortable.flatMap((c) =>
              (['asc', 'desc'] as const).map((d) => (
                <option key={`${c.id}:${d}`} value={`${c.id}:${d}`}>
                  {t(`sortBy.${c.id}.${d}`)}
                </option>
              )),
            )}
          </HTMLSelect>
        </label>
      </div>
      {body}
      {table.totalCount > table.pageSize && table.pageSize > 0 ? (
        <nav className={styles.pager} aria-label={t('pages')}>
          <Button icon={<ChevronLeft />} aria-label={t('previous')} disabled={!table.hasPrevPage} onClick={table.prevPage} />
          <span>{t('range', { from, to, total: table.totalCount })}</span>
          <Button icon={<ChevronRight />} aria-label={t('next')} disabled={!table.hasNextPage} onClick={table.nextPage} />
        </nav>
      ) : null}
    </section>
  );
});

/**
 * The deals tab of /marketplace: the network's marketplace sites beside its flat deals. A site's report opens in a
 * drawer (Esc closes it and returns the focus), with a button to its deals.
 */
export const DealsPanel = observer(function DealsPanel() {
  const intl = useIntl();
  const { api, settings } = useStores();
  const store = useMemo(() => new MarketplaceStore(api), [api]);
  const names = useReferenceNames();
  useEffect(() => {
    void settings.load();
    store.start();
    return () => store.dispose();
  }, [store, settings]);
  const site = store.openSite;
  return (
    <div className={styles.layout}>
      <SitesColumn store={store} />
      <DealsColumn store={store} />
      <Drawer isOpen={site !== null} onClose={() => store.openReport(null)} title={site?.domain} size="min(640px, 100%)" aria-label={intl.formatMessage({ id: 'marketplace.report.title' })}>
        {site ? (
          <div className={Classes.DRAWER_BODY}>
            <SiteReport site={site} countryName={names.country}>
              <Button
                intent="primary"
                text={intl.formatMessage({ id: 'marketplace.site.dealsOf' }, { domain: site.domain })}
                onClick={() => {
                  store.dealsOfSite(site);
                  store.openReport(null);
                }}
              />
            </SiteReport>
          </div>
        ) : null}
      </Drawer>
    </div>
  );
});
