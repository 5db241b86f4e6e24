import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Card, Classes, H4, H5 } from '@blueprintjs/core';
import { useStores } from '../../app/context';
import { sectionAllowed } from '../../app/sections';
import { ResourceTab } from '../../resources/ResourceTab';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { ProgramSummary } from './ProgramSummary';
import { ReferralStatistics } from './ReferralStatistics';
import styles from './Referral.module.css';

/** The guard section of the program (network configs' `guardSections`; the referrals resource names the same). */
const REFERRAL_SECTION = 'Referral';

/**
 * The referral program as a section of a page (the profile shows it): the user's link and what it earned, the
 * statistics of the commissions, and the referrals (the `referrals` resource's hosted list). Nothing at all on a
 * network that does not run the program, so a host page needs no check of its own and no call is made there.
 * Each part fails on its own.
 */
export const ReferralSection = observer(function ReferralSection({ className }: { className?: string }) {
  const intl = useIntl();
  const { network } = useStores();
  if (!sectionAllowed(REFERRAL_SECTION, network.sections)) return null;
  const t = (id: string) => intl.formatMessage({ id: `referral.${id}` });
  const failed = t('panelFailed');
  return (
    <Card id="referral-program" className={className ? `${styles.section} ${className}` : styles.section} aria-labelledby="referral-title">
      <header>
        <H4 id="referral-title">{t('title')}</H4>
        <p className={Classes.TEXT_MUTED}>{t('intro')}</p>
      </header>
      <PanelErrorBoundary title={failed}>
        <ProgramSummary />
      </PanelErrorBoundary>
      <section className={styles.part} aria-labelledby="referral-statistics-title">
        <H5 id="referral-statistics-title">{t('statistics.title')}</H5>
        <PanelErrorBoundary title={failed}>
          <ReferralStatistics />
        </PanelErrorBoundary>
      </section>
      <div className={styles.part}>
        {/* The hosted list names itself to screen readers (a hidden heading); this is its title for the eye. */}
        <H5 aria-hidden="true">{intl.formatMessage({ id: 'resource.referrals.title' })}</H5>
        <PanelErrorBoundary title={failed}>
          <ResourceTab id="referrals" />
        </PanelErrorBoundary>
      </div>
    </Card>
  );
});
