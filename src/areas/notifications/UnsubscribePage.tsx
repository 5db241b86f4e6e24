import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { Button, Callout, Spinner, Switch } from '@blueprintjs/core';
import { ApiError } from '../../../engine/api';
import { useLoader } from '../../../engine/state/useLoader';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { AuthCard } from '../../common/AuthCard';

interface Subscriptions {
  notifications_about_ad_actions: boolean;
  notifications_about_campaign_actions: boolean;
}

const KINDS = ['notifications_about_ad_actions', 'notifications_about_campaign_actions'] as const;

/** /unsubscribe/:email?signature=… — the link in every notification e-mail: which e-mails to keep getting. */
export default function UnsubscribePage() {
  const intl = useIntl();
  const { api } = useStores();
  const { email = '' } = useParams();
  const [params] = useSearchParams();
  const signature = params.get('signature') ?? '';
  /** The choices as changed here, over the loaded ones. */
  const [edited, setEdited] = useState<Subscriptions | null>(null);
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [saveMessage, setSaveMessage] = useState<string | null>(null);
  usePageTitle(intl.formatMessage({ id: 'unsubscribe.title' }));
  const url = `unsubscribe/${encodeURIComponent(email)}`;

  const loadSubscriptions = useCallback(
    async (signal: AbortSignal): Promise<Subscriptions> => {
      const { data } = await api.get<{ data: Subscriptions }>(url, { params: { signature }, silent: true, signal });
      return { notifications_about_ad_actions: data.notifications_about_ad_actions, notifications_about_campaign_actions: data.notifications_about_campaign_actions };
    },
    [api, url, signature],
  );
  const loaded = useLoader(loadSubscriptions);
  const failed = loaded.status === 'error';
  const values = edited ?? loaded.data;
  const message = failed
    ? intl.formatMessage({ id: loaded.error instanceof ApiError && loaded.error.status === 403 ? 'unsubscribe.badLink' : 'unsubscribe.loadFailed' })
    : saveMessage;

  async function save(next: Subscriptions) {
    setSaving('saving');
    setSaveMessage(null);
    try {
      await api.post(url, next, { params: { signature }, silent: true });
      setSaving('saved');
    } catch (error) {
      setSaving('idle');
      setSaveMessage(error instanceof ApiError ? error.message : intl.formatMessage({ id: 'unsubscribe.saveFailed' }));
    }
  }

  return (
    <AuthCard heading={intl.formatMessage({ id: 'unsubscribe.heading' })}>
      {loaded.isFirstLoad ? <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} /> : null}
      {values && !failed ? (
        <>
          <p>{intl.formatMessage({ id: 'unsubscribe.text' }, { email })}</p>
          {KINDS.map((kind) => (
            <Switch
              key={kind}
              large
              checked={values[kind]}
              disabled={saving === 'saving'}
              label={intl.formatMessage({ id: `unsubscribe.${kind}` })}
              onChange={(e) => {
                setEdited({ ...values, [kind]: e.currentTarget.checked });
                if (saving === 'saved') setSaving('idle');
              }}
            />
          ))}
          <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
            <Button intent="primary" loading={saving === 'saving'} onClick={() => void save(values)}>
              {intl.formatMessage({ id: 'unsubscribe.save' })}
            </Button>
            <Button onClick={() => void save({ notifications_about_ad_actions: false, notifications_about_campaign_actions: false })} disabled={saving === 'saving'}>
              {intl.formatMessage({ id: 'unsubscribe.all' })}
            </Button>
          </div>
        </>
      ) : null}
      {saving === 'saved' ? (
        <Callout intent="success" role="status" style={{ marginTop: 16 }}>
          {intl.formatMessage({ id: 'unsubscribe.saved' })}
        </Callout>
      ) : null}
      {message ? (
        <Callout intent="danger" role="alert" style={{ marginTop: 16 }}>
          {message}
        </Callout>
      ) : null}
    </AuthCard>
  );
}
