import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout } from '@blueprintjs/core';
import { TitledCard } from '../../common/TitledCard';
import { Refresh } from '@blueprintjs/icons';
import { useLoader } from '../../../engine/state/useLoader';
import type { Post } from '../../../generated/types';
import { useStores } from '../../app/context';
import styles from './DashboardPage.module.css';

/**
 * The network's news (`GET posts`): its newest posts with their dates and summaries, each opening the post in a new
 * tab, and the blog when the network names one. A network without posts shows nothing here; a failed load says so,
 * with a retry.
 */
export function PostsPanel() {
  const intl = useIntl();
  const { api, network } = useStores();
  const load = useCallback((signal: AbortSignal) => api.get<{ data: Post[] }>('posts', { signal, silent: true }), [api]);
  const { data, status, retry } = useLoader(load);
  const t = (id: string) => intl.formatMessage({ id: `dashboard.posts.${id}` });
  const blog = network.settings?.settings?.blogUrl;
  if (status === 'error' && !data) {
    return (
      <Callout intent="warning" role="alert" title={t('failed')}>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'dashboard.retry' })} onClick={retry} />
      </Callout>
    );
  }
  if (!data?.data.length) return null;
  return (
    <TitledCard
      id="dashboard-posts-title"
      title={t('title')}
      testId="dashboard-posts"
      actions={
        blog ? (
          <a href={blog} target="_blank" rel="noopener noreferrer">
            {t('blog')}
          </a>
        ) : null
      }
    >
      <ul className={styles.posts}>
        {data.data.map((post) => (
          <li key={post.id}>
            <a href={post.url} target="_blank" rel="noopener noreferrer" className={styles.postTitle}>
              {post.title}
            </a>
            <time dateTime={post.published_at} className={styles.muted}>
              {intl.formatDate(post.published_at, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}
            </time>
            {post.summary ? <p className={styles.postSummary}>{post.summary}</p> : null}
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}
