import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { Button, Callout, Spinner, Switch } from '@blueprintjs/core';
import { ApiError, isCancel } from '../../../engine/api';
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
  const [values, setValues] = useState<Subscriptions | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'saving' | 'saved' | 'failed'>('loading');
  const [message, setMessage] = useState<string | null>(null);
  usePageTitle(intl.formatMessage({ id: 'unsubscribe.title' }));
  const url = `unsubscribe/${encodeURIComponent(email)}`;

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ data: Subscriptions }>(url, { params: { signature }, silent: true, signal: controller.signal })
      .then(({ data }) => {
        setValues({ notifications_about_ad_actions: data.notifications_about_ad_actions, notifications_about_campaign_actions: data.notifications_about_campaign_actions });
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isCancel(error)) return;
        setStatus('failed');
        setMessage(error instanceof ApiError && error.status === 403 ? intl.formatMessage({ id: 'unsubscribe.badLink' }) : intl.formatMessage({ id: 'unsubscribe.loadFailed' }));
      });
    return () => controller.abort();
  }, [api, url, signature, intl]);

  async function save(next: Subscriptions) {
    setStatus('saving');
    setMessage(null);
    try {
      await api.post(url, next, { params: { signature }, silent: true });
      setStatus('saved');
    } catch (error) {
      setStatus('ready');
      setMessage(error instanceof ApiError ? error.message : intl.formatMessage({ id: 'unsubscribe.saveFailed' }));
    }
  }

  return (
    <AuthCard heading={intl.formatMessage({ id: 'unsubscribe.heading' })}>
      {status === 'loading' ? <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} /> : null}
      {values && status !== 'failed' ? (
        <>
          <p>{intl.formatMessage({ id: 'unsubscribe.text' }, { email })}</p>
          {KINDS.map((kind) => (
            <Switch
              key={kind}
              large
              checked={values[kind]}
              disabled={status === 'saving'}
              label={intl.formatMessage({ id: `unsubscribe.${kind}` })}
              onChange={(e) => {
                setValues({ ...values, [kind]: e.currentTarget.checked });
                if (status === 'saved') setStatus('ready');
              }}
            />
          ))}
          <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
            <Button intent="primary" loading={status === 'saving'} onClick={() => void save(values)}>
              {intl.formatMessage({ id: 'unsubscribe.save' })}
            </Button>
            <Button onClick={() => void save({ notifications_about_ad_actions: false, notifications_about_campaign_actions: false })} disabled={status === 'saving'}>
              {intl.formatMessage({ id: 'unsubscribe.all' })}
            </Button>
          </div>
        </>
      ) : null}
      {status === 'saved' ? (
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
