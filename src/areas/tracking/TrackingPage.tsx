import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Classes, H2 } from '@blueprintjs/core';
import { TitledCard } from '../../common/TitledCard';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { ResourceTab } from '../../resources/ResourceTab';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { TestConversionForm } from './TestConversionForm';
import { TrackingSetup } from './TrackingSetup';
import { useConversionCells } from './useConversionCells';
import { useConversionTypes } from './useConversionTypes';
import styles from './Tracking.module.css';

/**
 * /tracking: how to report conversions (the postback URL and its macros, the tracking pixel where the network offers
 * one), a test conversion to check the path end to end, and the conversions received (the conversions resource,
 * schemas/tracking/, whose list this page hosts and reloads after each test).
 */
export default function TrackingPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `tracking.${id}` });
  const types = useConversionTypes();
  const cells = useConversionCells(types.nameOf);
  const [sent, setSent] = useState(0);
  const onSent = useCallback(() => setSent((n) => n + 1), []);
  const failed = t('panelFailed');
  return (
    <section className={styles.page} aria-labelledby="tracking-title">
      <header className={styles.header}>
        <H2 id="tracking-title">{intl.formatMessage({ id: 'shell.route.tracking' })}</H2>
        <p className={Classes.TEXT_MUTED}>{t('intro')}</p>
      </header>
      <PanelErrorBoundary title={failed}>
        <TrackingSetup types={types} />
      </PanelErrorBoundary>
      <TitledCard className={styles.card} id="tracking-test-title" title={t('test.title')}>
        <p className={Classes.TEXT_MUTED}>{t('test.intro')}</p>
        <PanelErrorBoundary title={failed}>
          <SchemaEntryGate id="tracking_test_conversion">{(entry) => <TestConversionForm entry={entry} typeName={types.nameOf} onSent={onSent} />}</SchemaEntryGate>
        </PanelErrorBoundary>
      </TitledCard>
      <TitledCard className={styles.card} id="tracking-conversions-title" title={t('conversions.title')}>
        <p className={Classes.TEXT_MUTED}>{t('conversions.intro')}</p>
        <PanelErrorBoundary title={failed}>
          <ResourceTab key={sent} id="conversions" cells={cells} />
        </PanelErrorBoundary>
      </TitledCard>
    </section>
  );
}
