import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl, type IntlShape } from 'react-intl';
import { Button, Callout, Card, H2, H4, HTMLTable, NonIdealState, ProgressBar, Spinner, Switch, Tag } from '@blueprintjs/core';
import { Add, Duplicate, Edit, Error as ErrorIcon } from '@blueprintjs/icons';
import type { AdPreviewData, AdView } from '../../../generated/types';
import { AdPreview } from '../../../widgets/ad-preview';
import { useLoader } from '../../../engine/state/useLoader';
import { useStores } from '../../app/context';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { formatAdDate, useAdFormats, useFormatTexts } from '../../common/adFormats';
import { AdStatistics } from './AdStatistics';
import { useMoney } from '../../common/useMoney';
import { AdStore } from './AdStore';
import { ApprovalTag } from '../../common/ApprovalTag';
import { useAdMedia } from './useAdMedia';
import { useFieldLabel } from './fieldLabel';
import styles from '../../common/AdViewPage.module.css';
import layout from '../../common/adLayout.module.css';

/** The text a creative is known by in the list: its title, else its URL, else its number. */
function creativeLabel(creative: AdView['creatives'][number], index: number, intl: ReturnType<typeof useIntl>): string {
  const text = [creative.title, creative.vast_tag, creative.url].find((v) => typeof v === 'string' && v);
  return (text as string | undefined) ?? intl.formatMessage({ id: 'adForm.creativeNumber' }, { n: index + 1 });
}

/** How the creatives share the impressions: random, or how far smart rotation's comparison is and which creative won. */
function Rotation({ ad }: { ad: AdView }) {
  const intl = useIntl();
  const { rotation } = ad;
  if (ad.creatives.length < 2) return null;
  if (rotation.type === 'random') return <p className="bp6-text-muted">{intl.formatMessage({ id: 'ad.rotation.random' })}</p>;
  const winner = ad.creatives.findIndex((c) => c.id === rotation.winner_id);
  if (winner >= 0) return <p>{intl.formatMessage({ id: 'ad.rotation.won' }, { n: winner + 1 })}</p>;
  const label = intl.formatMessage({ id: 'ad.rotation.comparing' }, { progress: rotation.smart_progress, impressions: rotation.impressions_threshold, hours: rotation.hours_threshold });
  return (
    <div className={styles.rotation}>
      <p id={`rotation-${ad.id}`}>{label}</p>
      <ProgressBar value={rotation.smart_progress / 100} animate={false} stripes={false} intent="primary" aria-labelledby={`rotation-${ad.id}`} />
    </div>
  );
}

const Creatives = observer(function Creatives({ store }: { store: AdStore }) {
  const intl = useIntl();
  const ad = store.ad as AdView;
  if (!ad.creatives.length) return <p>{intl.formatMessage({ id: 'ad.noCreatives' })}</p>;
  return (
    <>
      <HTMLTable compact className={styles.table}>
        <thead>
          <tr>
            <th>#</th>
            <th>{intl.formatMessage({ id: 'ad.creative' })}</th>
            <th>{intl.formatMessage({ id: 'ad.active' })}</th>
          </tr>
        </thead>
        <tbody>
          {ad.creatives.map((c, i) => (
            <tr key={c.id}>
              <td>{i + 1}</td>
              <td className={styles.creativeText}>
                {creativeLabel(c, i, intl)}
                {c.id === ad.rotation.winner_id ? (
                  <Tag minimal intent="success" className={styles.winner}>
                    {intl.formatMessage({ id: 'ad.rotation.winner' })}
                  </Tag>
                ) : null}
              </td>
              <td>
                <Switch
                  checked={c.is_active}
                  disabled={store.switching.has(c.id)}
                  aria-label={intl.formatMessage({ id: c.is_active ? 'ad.deactivate' : 'ad.activate' }, { n: i + 1 })}
                  onChange={() => void store.setCreativeActive(c.id, !c.is_active)}
                  className={styles.switch}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Rotation ad={ad} />
    </>
  );
});

function History({ ad }: { ad: AdView }) {
  const intl = useIntl();
  if (!ad.approvals.length) return <p>{intl.formatMessage({ id: 'ads.approval.none' })}</p>;
  return (
    <ol className={styles.history}>
      {[...ad.approvals].reverse().map((a) => (
        <li key={a.id}>
          <ApprovalTag status={a.status} />
          <time dateTime={a.created_at}>{formatAdDate(a.created_at, intl.locale)}</time>
          {a.reject_cause ? <strong>{a.reject_cause.name}</strong> : null}
          {a.details ? <span>{a.details}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** A text of the panel's catalogue when it has one (a rule or text newer than the panel shows the server's English). */
function known(intl: IntlShape, id: string, fallback: string, values?: Readonly<Record<string, string | undefined>>): string {
  return Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id }, values) : fallback;
}

function ScanReports({ ad, schemaId }: { ad: AdView; schemaId: string }) {
  const intl = useIntl();
  const fieldLabel = useFieldLabel(schemaId);
  const [latest] = ad.scan_reports;
  if (!latest) return <p>{intl.formatMessage({ id: 'ad.scan.none' })}</p>;
  const intent = latest.verdict === 'clean' ? 'success' : latest.verdict === 'blocked' ? 'danger' : 'warning';
  return (
    <Callout intent={intent} title={intl.formatMessage({ id: `ad.scan.${latest.verdict}` })}>
      <small>{formatAdDate(latest.created_at, intl.locale)}</small>
      {latest.findings.length ? (
        <ul>
          {latest.findings.map((f, i) => (
            <li key={i}>
              <strong>{fieldLabel(f.field)}</strong> · {known(intl, `ad.scan.rule.${f.rule}`, f.rule)}: {f.text ? known(intl, `ad.scan.detail.${f.text}`, f.detail, f.values) : f.detail}
            </li>
          ))}
        </ul>
      ) : null}
    </Callout>
  );
}

const NO_MEDIA: AdPreviewData['media'] = {};

/** /ads/:id: the ad's statistics of the last 14 days, preview, creatives with their switches, moderation history and scan reports. */
const AdViewPage = observer(function AdViewPage() {
  const intl = useIntl();
  const { api } = useStores();
  const money = useMoney();
  const params = useParams();
  const media = useAdMedia();
  const formats = useAdFormats();
  const formatTexts = useFormatTexts();
  const [store] = useState(() => new AdStore(api, Number(params.id)));
  useEffect(() => {
    void store.load();
    return () => store.loader.abort();
  }, [store]);
  // The preview's media: a failure leaves the preview its placeholders; the page itself still works.
  const loadPreview = useCallback(
    async (signal: AbortSignal) => (await api.get<{ data: AdPreviewData }>('ads/preview', { params: { id: store.id }, signal, silent: true })).data.media,
    [api, store],
  );
  const previewMedia = useLoader(loadPreview).data ?? NO_MEDIA;

  if (store.status === 'missing' || store.status === 'error') {
    return (
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={intl.formatMessage({ id: store.status === 'missing' ? 'ad.missing' : 'ad.loadFailed' })}
        action={store.status === 'error' ? <Button onClick={() => void store.load()}>{intl.formatMessage({ id: 'ads.retry' })}</Button> : undefined}
      />
    );
  }
  const ad = store.ad;
  if (!ad) return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  const format = formats?.find((f) => f.id === ad.format);
  const approval = ad.latest_approval;

  return (
    <section className={layout.page}>
      <header className={styles.header}>
        <div>
          <H2>{ad.name}</H2>
          <span className={styles.meta}>
            #{ad.id} · {formatTexts.name(format, ad.format)}
            {ad.size ? ` · ${ad.size}` : ''} · {formatAdDate(ad.created_at, intl.locale)}
          </span>
        </div>
        <div className={styles.actions}>
          {/* The next step after saving an ad: a campaign that runs it. */}
          {format && approval?.status !== 'rejected' ? (
            <RouterAnchorButton intent="primary" icon={<Add />} to={`/campaigns/create?format=${encodeURIComponent(ad.format)}&ad=${ad.id}`} text={intl.formatMessage({ id: 'ads.createCampaign' })} />
          ) : null}
          {format && ad.actions.edit ? <RouterAnchorButton icon={<Edit />} to={`/ads/${ad.id}/edit`} text={intl.formatMessage({ id: 'ads.edit' })} /> : null}
          {format ? <RouterAnchorButton icon={<Duplicate />} to={`/ads/${ad.id}/duplicate`} text={intl.formatMessage({ id: 'ads.duplicate' })} /> : null}
        </div>
      </header>
      {approval?.status === 'rejected' || approval?.status === 'needs_edits' ? (
        <Callout intent={approval.status === 'rejected' ? 'danger' : 'warning'} title={intl.formatMessage({ id: `ad.banner.${approval.status}` })}>
          {approval.reject_cause ? <p><strong>{approval.reject_cause.name}</strong> {approval.reject_cause.details}</p> : null}
          {approval.details ? <p>{approval.details}</p> : null}
        </Callout>
      ) : null}
      <div className={layout.columns}>
        <div className={styles.main}>
          <AdStatistics api={api} adId={ad.id} money={money} />
          <Card>
            <H4>{intl.formatMessage({ id: 'ad.creatives' })}</H4>
            <Creatives store={store} />
          </Card>
          <Card>
            <H4>
              {intl.formatMessage({ id: 'ad.approvals' })} <ApprovalTag status={approval?.status ?? null} />
            </H4>
            <History ad={ad} />
          </Card>
          <Card>
            <H4>{intl.formatMessage({ id: 'ad.scans' })}</H4>
            <ScanReports ad={ad} schemaId={format?.schema_id ?? ''} />
          </Card>
          <Card>
            <H4>{intl.formatMessage({ id: 'ad.campaigns' })}</H4>
            {ad.campaigns.length ? (
              <ul>
                {ad.campaigns.map((c) => (
                  <li key={c.id}>
                    <Link to={`/campaigns/${c.id}`}>{c.name}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                <Tag minimal>{intl.formatMessage({ id: 'ad.noCampaigns' })}</Tag>
              </p>
            )}
          </Card>
        </div>
        <aside className={layout.preview}>
          <H4>{intl.formatMessage({ id: 'adForm.preview' })}</H4>
          {format ? <AdPreview kind={format.preview} model={ad.model} media={(id) => previewMedia[id] ?? media.get(id)} /> : null}
        </aside>
      </div>
    </section>
  );
});

export default AdViewPage;
