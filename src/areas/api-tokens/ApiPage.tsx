import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Classes, H2 } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { useLoader } from '../../../engine/state/useLoader';
import type { ApiTokenCreated } from '../../../generated/types';
import { useStores } from '../../app/context';
import { TitledCard } from '../../common/TitledCard';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { ResourceTab } from '../../resources/ResourceTab';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { TokenDialog } from './TokenDialog';
import { TokenForm } from './TokenForm';
import styles from './ApiTokens.module.css';

const ApiReference = lazy(() => import('./ApiReference'));

/** The API reference: the OpenAPI document (`GET docs/api.json`) loaded here, with its loading and failed states. */
function Reference({ token }: { token: string | null }) {
  const intl = useIntl();
  const { api } = useStores();
  const load = useCallback((signal: AbortSignal) => api.get<object>('docs/api.json', { signal, silent: true }), [api]);
  const { data, status, retry } = useLoader(load);
  const skeleton = <div className={`${Classes.SKELETON} ${styles.referenceSkeleton}`} aria-label={intl.formatMessage({ id: 'apiTokens.reference.loading' })} />;
  if (status === 'error' && !data) {
    return (
      <Callout intent="danger" role="alert" title={intl.formatMessage({ id: 'apiTokens.reference.failed' })}>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'apiTokens.retry' })} onClick={retry} />
      </Callout>
    );
  }
  if (!data) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <ApiReference spec={data} token={token} />
    </Suspense>
  );
}

/**
 * /api: the user's personal API tokens (the api-tokens resource, schemas/api-tokens/, whose list this page hosts),
 * the form that makes one (shown once, in a dialog), and the API reference to try calls with one.
 */
export default function ApiPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `apiTokens.${id}` });
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [made, setMade] = useState(0);
  const [tryWith, setTryWith] = useState<string | null>(null);
  const reference = useRef<HTMLHeadingElement>(null);
  const onCreated = useCallback((token: ApiTokenCreated) => {
    setCreated(token);
    setMade((n) => n + 1);
  }, []);
  const failed = t('panelFailed');
  return (
    <section className={styles.page} aria-labelledby="api-title">
      <header className={styles.header}>
        <H2 id="api-title">{intl.formatMessage({ id: 'shell.route.api' })}</H2>
        <p className={Classes.TEXT_MUTED}>{t('intro')}</p>
      </header>
      <TitledCard id="api-create-title" title={t('create.title')}>
        <SchemaEntryGate id="api_tokens_api_token">{(entry) => <TokenForm entry={entry} onCreated={onCreated} />}</SchemaEntryGate>
      </TitledCard>
      <PanelErrorBoundary title={failed}>
        <ResourceTab key={made} id="api-tokens" />
      </PanelErrorBoundary>
      <TitledCard id="api-reference-title" title={t('reference.title')} headingRef={reference}>
        <p className={Classes.TEXT_MUTED}>{t('reference.intro')}</p>
        <PanelErrorBoundary title={failed}>
          <Reference token={tryWith} />
        </PanelErrorBoundary>
      </TitledCard>
      <TokenDialog
        token={created}
        onClose={() => setCreated(null)}
        onTry={(token) => {
          setTryWith(token);
          setCreated(null);
          reference.current?.scrollIntoView({ block: 'start' });
          reference.current?.focus({ preventScroll: true });
        }}
      />
    </section>
  );
}
