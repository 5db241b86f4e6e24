import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, ButtonGroup, Card, H2, HTMLSelect, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { Error as ErrorIcon, Inbox, Tick, Trash } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { PAGE_SIZES } from '../../../engine/table/TableStore';
import { NotificationsStore, type NotificationItem } from './NotificationsStore';
import styles from './NotificationsPage.module.css';

/** The text of a notification in the user's language, with its entity and params filled in. */
function useNotificationText() {
  const intl = useIntl();
  return (item: NotificationItem) => {
    const id = `notification.${item.type}`;
    const values = { entity_id: item.entity_id ?? '', ...item.params };
    return intl.messages[id] ? intl.formatMessage({ id }, values) : intl.formatMessage({ id: 'notifications.unknown' }, { type: item.type });
  };
}

/** Where the thing a notification is about is shown (none for the account's own news). */
function entityPath(item: NotificationItem): string | null {
  if (item.entity_id === null) return null;
  if (item.entity_type === 'campaign') return `/campaigns/${item.entity_id}`;
  if (item.entity_type === 'ad') return `/ads/${item.entity_id}`;
  if (item.entity_type === 'invoice') return '/finances/invoices';
  if (item.entity_type === 'flat_deal_application') return `/marketplace/applications/${item.entity_id}`;
  if (item.entity_type === 'provider_subscription') return '/providers-subscription';
  return null;
}

const Row = observer(function Row({ item, store }: { item: NotificationItem; store: NotificationsStore }) {
  const intl = useIntl();
  const text = useNotificationText();
  const path = entityPath(item);
  return (
    <li className={styles.item} data-unread={!item.read_at || undefined}>
      <div className={styles.body}>
        <Tag minimal className={styles.category}>
          {intl.formatMessage({ id: `notifications.category.${item.category}` })}
        </Tag>
        <span className={styles.text}>{path ? <Link to={path}>{text(item)}</Link> : text(item)}</span>
        <time className={styles.time} dateTime={item.created_at}>
          {intl.formatDate(item.created_at, { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' })}
        </time>
      </div>
      <Button
        variant="minimal"
        icon={<Tick />}
        loading={store.busy.has(item.id)}
        aria-label={intl.formatMessage({ id: 'notifications.read' })}
        title={intl.formatMessage({ id: 'notifications.read' })}
        onClick={() => void store.read(item.id)}
      />
    </li>
  );
});

/** /notification: the user's notifications, with read one, read all and remove all. */
const NotificationsPage = observer(function NotificationsPage() {
  const intl = useIntl();
  const stores = useStores();
  const [store] = useState(() => new NotificationsStore(stores.api, (count) => stores.notifications.setUnread(count)));
  const [confirmRemove, setConfirmRemove] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'notifications.title' }));
  useEffect(() => {
    void store.load();
    return () => store.loader.abort();
  }, [store]);

  const busyAll = store.busy.has('all');
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <H2>
          {intl.formatMessage({ id: 'notifications.title' })}{' '}
          {store.unread > 0 ? (
            <Tag round intent="primary" aria-label={intl.formatMessage({ id: 'notifications.unreadCount' }, { count: store.unread })}>
              {store.unread}
            </Tag>
          ) : null}
        </H2>
        <ButtonGroup>
          <Button icon={<Tick />} disabled={!store.items.length || busyAll} onClick={() => void store.readAll()}>
            {intl.formatMessage({ id: 'notifications.readAll' })}
          </Button>
          <Button icon={<Trash />} intent="danger" variant="outlined" disabled={!store.items.length || busyAll} onClick={() => setConfirmRemove(true)}>
            {intl.formatMessage({ id: 'notifications.removeAll' })}
          </Button>
        </ButtonGroup>
      </header>
      <Card className={styles.card}>
        {store.status === 'error' ? (
          <NonIdealState
            icon={<ErrorIcon size={48} />}
            title={intl.formatMessage({ id: 'notifications.loadFailed' })}
            action={<Button onClick={() => void store.load()}>{intl.formatMessage({ id: 'notifications.retry' })}</Button>}
          />
        ) : store.status !== 'ready' && !store.items.length ? (
          <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
        ) : store.items.length ? (
          <ul className={styles.list} aria-busy={store.status === 'loading'}>
            {store.items.map((item) => (
              <Row key={item.id} item={item} store={store} />
            ))}
          </ul>
        ) : (
          <NonIdealState icon={<Inbox size={48} />} title={intl.formatMessage({ id: 'notifications.empty' })} description={intl.formatMessage({ id: 'notifications.emptyText' })} />
        )}
      </Card>
      {store.total > 0 ? (
        <footer className={styles.pager}>
          <label>
            {intl.formatMessage({ id: 'notifications.perPage' })}{' '}
            <HTMLSelect value={store.perPage} onChange={(e) => store.setPerPage(Number(e.currentTarget.value))}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size === -1 ? intl.formatMessage({ id: 'notifications.all' }) : size}
                </option>
              ))}
            </HTMLSelect>
          </label>
          <span>{intl.formatMessage({ id: 'notifications.page' }, { page: store.page + 1, pages: store.pageCount })}</span>
          <ButtonGroup>
            <Button disabled={store.page === 0} onClick={() => store.setPage(store.page - 1)}>
              {intl.formatMessage({ id: 'notifications.previous' })}
            </Button>
            <Button disabled={store.page >= store.pageCount - 1} onClick={() => store.setPage(store.page + 1)}>
              {intl.formatMessage({ id: 'notifications.next' })}
            </Button>
          </ButtonGroup>
        </footer>
      ) : null}
      <Alert
        isOpen={confirmRemove}
        intent="danger"
        icon={<Trash size={40} />}
        confirmButtonText={intl.formatMessage({ id: 'notifications.removeAll' })}
        cancelButtonText={intl.formatMessage({ id: 'notifications.cancel' })}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => {
          setConfirmRemove(false);
          void store.removeAll();
        }}
      >
        {intl.formatMessage({ id: 'notifications.removeConfirm' }, { count: store.total })}
      </Alert>
    </section>
  );
});

export default NotificationsPage;
