import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { useLoader } from '../../../engine/state/useLoader';
import type { Tracking } from '../../../generated/types';
import { useStores } from '../../app/context';
import { PixelCard } from './PixelCard';
import { PostbackCard } from './PostbackCard';
import type { ConversionTypes } from './useConversionTypes';
import styles from './Tracking.module.css';

/**
 * Where the user reports conversions (`GET tracking`): the postback card, and the pixel card only where the network
 * offers a pixel (`pixel_url` null says nothing about one, since there is nothing the user could do with it).
 */
export function TrackingSetup({ types }: { types: ConversionTypes }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `tracking.${id}` });
  const { api } = useStores();
  const load = useCallback(async (signal: AbortSignal) => (await api.get<{ data: Tracking }>('tracking', { signal, silent: true })).data, [api]);
  const { data, status, retry } = useLoader(load);
  if (status === 'error' && !data) {
    return (
      <Callout intent="danger" role="alert" title={t('failed')}>
        <Button icon={<Refresh />} text={t('retry')} onClick={retry} />
      </Callout>
    );
  }
  if (!data) {
    return (
      <Card className={styles.card}>
        <div className={`${Classes.SKELETON} ${styles.setupSkeleton}`} aria-label={t('loading')} />
      </Card>
    );
  }
  return (
    <>
      <PostbackCard tracking={data} types={types} />
      {data.pixel_url !== null && <PixelCard pixelUrl={data.pixel_url} attributionDays={data.attribution_days} />}
    </>
  );
}
