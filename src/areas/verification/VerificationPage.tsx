import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Navigate, NavLink, useParams } from 'react-router';
import { Button, Callout, Card, H2, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon, Endorsed, InfoSign } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { KindPanel, StatusTag } from './KindPanel';
import { isKind, KINDS, VerificationStore } from './VerificationStore';
import styles from './VerificationPage.module.css';

const MB = 1024 * 1024;

/** The kinds in the side list's two groups: the card, and the identity documents (one of which is enough). */
const GROUPS = [
  { id: 'card', kinds: KINDS.slice(0, 1) },
  { id: 'identity', kinds: KINDS.slice(1) },
] as const;

/** The side list of the four kinds: each a link to its page, with its status. */
const KindList = observer(function KindList({ store }: { store: VerificationStore }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'verification.kinds' })} className={styles.kinds}>
      {GROUPS.map((group) => (
        <div key={group.id} className={styles.group}>
          <h3 id={`kind-group-${group.id}`} className={styles.groupTitle}>
            {intl.formatMessage({ id: `verification.group.${group.id}` })}
          </h3>
          <ul aria-labelledby={`kind-group-${group.id}`}>
            {group.kinds.map((kind) => (
              <li key={kind}>
                <NavLink to={`/verifications/${kind}`} className={({ isActive }) => [styles.kindLink, isActive && styles.active].filter(Boolean).join(' ')}>
                  <span className={styles.kindName}>{intl.formatMessage({ id: `verification.kind.${kind}.title` })}</span>
                  {store.data ? <StatusTag status={store.statusOf(kind)} /> : null}
                  {store.errors[kind]?.length ? <ErrorIcon className={styles.kindError} aria-label={intl.formatMessage({ id: 'verification.hasErrors' })} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
});

/** Whether the card is verified, whether the network requires it, and the rule. */
const Summary = observer(function Summary({ store }: { store: VerificationStore }) {
  const intl = useIntl();
  const { settings } = useStores();
  if (store.cardVerified) {
    return (
      <Callout intent={Intent.SUCCESS} icon={<Endorsed />} title={intl.formatMessage({ id: 'verification.verified' })}>
        {intl.formatMessage({ id: 'verification.verifiedText' })}
      </Callout>
    );
  }
  const required = settings.data?.card_verification_required ?? false;
  return (
    <Callout intent={required ? Intent.WARNING : Intent.PRIMARY} icon={<InfoSign />} title={required ? intl.formatMessage({ id: 'verification.required' }) : undefined}>
      {intl.formatMessage({ id: 'verification.rule' })}
    </Callout>
  );
});

/**
 * /verifications/:type: card verification by document kind. The side list links the four kinds; the panel shows
 * the chosen kind's status, what it needs, and the upload, send and withdraw. An unknown kind goes to the first.
 */
const VerificationPage = observer(function VerificationPage() {
  const intl = useIntl();
  const stores = useStores();
  const { type } = useParams();
  const [store] = useState(
    () =>
      new VerificationStore(stores.api, () => {
        const mb = stores.settings.data?.media_limits?.document_mb;
        return typeof mb === 'number' ? mb * MB : undefined;
      }),
  );
  usePageTitle(intl.formatMessage({ id: 'verification.title' }));
  useEffect(() => {
    void store.load();
    void stores.settings.load();
    return () => store.loader.abort();
  }, [store, stores.settings]);

  if (!isKind(type)) return <Navigate to={`/verifications/${KINDS[0]}`} replace />;

  let panel;
  if (store.status === 'error' && !store.data) {
    panel = (
      <Card className={styles.panel}>
        <NonIdealState
          icon={<ErrorIcon size={48} />}
          title={intl.formatMessage({ id: 'verification.loadFailed' })}
          action={<Button onClick={() => void store.load()}>{intl.formatMessage({ id: 'verification.retry' })}</Button>}
        />
      </Card>
    );
  } else if (!store.data) {
    panel = (
      <Card className={styles.panel}>
        <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
      </Card>
    );
  } else {
    panel = <KindPanel key={type} store={store} kind={type} />;
  }

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <H2>{intl.formatMessage({ id: 'verification.title' })}</H2>
        <p className={styles.intro}>{intl.formatMessage({ id: 'verification.intro' })}</p>
      </header>
      {store.data && <Summary store={store} />}
      <div className={styles.columns} aria-busy={store.status === 'loading'}>
        <KindList store={store} />
        {panel}
      </div>
    </section>
  );
});

export default VerificationPage;
