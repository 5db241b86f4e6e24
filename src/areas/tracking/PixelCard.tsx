import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Classes, Code } from '@blueprintjs/core';
import { TitledCard } from '../../common/TitledCard';
import { CopyField } from '../../common/CopyField';
import { CLICK_PARAM, conversionSnippet, imageSnippet, landingSnippet } from './snippets';
import styles from './Tracking.module.css';

/**
 * The tracking pixel, for sites that cannot call a postback: an image tag for pages the user's server builds, and the
 * two scripts for pages it does not (the landing page keeps the click id, the conversion page reports it).
 */
export function PixelCard({ pixelUrl, attributionDays }: { pixelUrl: string; attributionDays: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `tracking.pixel.${id}` });
  const rich = (id: string, values: Record<string, ReactNode>) => intl.formatMessage({ id: `tracking.pixel.${id}` }, values);
  const param = <Code>{CLICK_PARAM}</Code>;
  return (
    <TitledCard className={styles.card} id="tracking-pixel-title" title={t('title')}>
      <p>{t('intro')}</p>
      <div className={styles.snippet}>
        <CopyField multiline value={imageSnippet(pixelUrl)} label={t('image')} />
        <p className={Classes.TEXT_MUTED}>{t('imageHint')}</p>
      </div>
      <div className={styles.snippet}>
        <CopyField multiline value={landingSnippet(attributionDays)} label={t('landing')} />
        <p className={Classes.TEXT_MUTED}>{rich('landingHint', { param, days: attributionDays })}</p>
      </div>
      <div className={styles.snippet}>
        <CopyField multiline value={conversionSnippet(pixelUrl)} label={t('conversion')} />
        <p className={Classes.TEXT_MUTED}>{rich('conversionHint', { param })}</p>
      </div>
    </TitledCard>
  );
}
