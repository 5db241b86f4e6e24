import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Classes } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { useLoader } from '../../../engine/state/useLoader';
import type { ReferralProgram } from '../../../generated/types';
import { useStores } from '../../app/context';
import { CopyField } from '../../common/CopyField';
import { useMoney } from '../../common/useMoney';
import styles from './Referral.module.css';

/**
 * The user's part of the program (`GET referral-program`): the link to share, the percent it earns, how many signed
 * up with it and what it has earned so far, in the network's currency.
 */
export function ProgramSummary() {
  const intl = useIntl();
  const money = useMoney();
  const { api } = useStores();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `referral.program.${id}` }, values);
  const load = useCallback((signal: AbortSignal) => api.get<{ data: ReferralProgram }>('referral-program', { signal, silent: true }), [api]);
  const { data, status, retry } = useLoader(load);

  if (status === 'error' && !data) {
    return (
      <Callout intent="danger" role="alert" title={t('failed')}>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'referral.retry' })} onClick={retry} />
      </Callout>
    );
  }
  if (!data) return <div className={`${Classes.SKELETON} ${styles.programSkeleton}`} aria-label={t('loading')} />;
  const program = data.data;
  // The percent is a decimal string (`5`, `2.5`); shown as the locale writes a percent.
  const percent = intl.formatNumber(Number(program.percent) / 100, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <div className={styles.program}>
      <CopyField label={t('link')} value={program.link} />
      <p className={styles.terms}>{t('terms', { percent })}</p>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('referrals')}</dt>
          <dd data-testid="referral-count">{intl.formatNumber(program.referrals)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('earned')}</dt>
          <dd data-testid="referral-earned">{money(program.earned)}</dd>
        </div>
      </dl>
    </div>
  );
}
