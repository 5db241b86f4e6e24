import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout } from '@blueprintjs/core';
import { Cross } from '@blueprintjs/icons';
import { ApiError, ValidationError } from '../../engine/api';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { toast } from '../app/toast';
import { features } from './networkFeatures';
import { detectAdBlock } from './adBlockProbe';
import styles from './Banners.module.css';

/** While the user's e-mail is not confirmed: a warning with a link to send the confirmation again. */
export const EmailNotVerifiedBanner = observer(function EmailNotVerifiedBanner() {
  const intl = useIntl();
  const { api, user } = useStores();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const current = user.user;
  if (!current || current.status === 'confirmed' || state === 'sent') return null;

  async function resend() {
    setState('sending');
    try {
      await api.post('profile/confirmations/email', undefined, { silent: true });
      toast(intl.formatMessage({ id: 'shell.banner.emailSent' }), 'success');
      setState('sent');
    } catch (error) {
      const message =
        error instanceof ValidationError
          ? (Object.values(error.errors)[0]?.[0] ?? error.message)
          : error instanceof ApiError || error instanceof Error
            ? error.message
            : intl.formatMessage({ id: 'shell.banner.emailFailed' });
      toast(message);
      setState('idle');
    }
  }

  return (
    <Callout intent="warning" className={styles.banner} data-testid="email-banner" role="status">
      {intl.formatMessage({ id: 'shell.banner.emailNotVerified' }, { email: <strong key="e">{current.email}</strong> })}{' '}
      <button type="button" className={styles.linkButton} disabled={state === 'sending'} aria-busy={state === 'sending'} onClick={() => void resend()}>
        {intl.formatMessage({ id: state === 'sending' ? 'shell.banner.emailSending' : 'shell.banner.emailResend' })}
      </button>
    </Callout>
  );
});

const ADBLOCK_DISMISSED_KEY = 'adblock_warning_dismissed';

/** A dismissible red alert when the network's ad-block probe fails to load (dismissed for the browser session). */
export const AdBlockBanner = observer(function AdBlockBanner() {
  const intl = useIntl();
  const { network } = useStores();
  const probe = features.adBlockProbe(network.settings);
  const [blocked, setBlocked] = useState(false);
  const [dismissed, setDismissed] = useState(() => {
    try {
      return sessionStorage.getItem(ADBLOCK_DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (probe === undefined || dismissed) return;
    let live = true;
    void detectAdBlock(probe).then((b) => live && setBlocked(b));
    return () => {
      live = false;
    };
  }, [probe, dismissed]);
  if (probe === undefined || !blocked || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(ADBLOCK_DISMISSED_KEY, '1');
    } catch {
      // storage blocked: hidden until the next reload
    }
  };
  return (
    <Callout intent="danger" className={styles.banner} data-testid="adblock-banner" title={intl.formatMessage({ id: 'shell.banner.adBlockTitle' })}>
      <div className={styles.row}>
        <span>{intl.formatMessage({ id: 'shell.banner.adBlockText' })}</span>
        <Button variant="minimal" size="small" icon={<Cross />} aria-label={intl.formatMessage({ id: 'shell.banner.dismiss' })} onClick={dismiss} />
      </div>
    </Callout>
  );
});

/** A new build was deployed: offer a reload. */
export const UpdateBanner = observer(function UpdateBanner() {
  const intl = useIntl();
  const { updates } = useShellStores();
  if (!updates.updateAvailable) return null;
  return (
    <Callout intent="primary" className={styles.banner} data-testid="update-banner">
      <div className={styles.row}>
        <span>{intl.formatMessage({ id: 'shell.banner.update' })}</span>
        <Button intent="primary" size="small" onClick={updates.reload}>
          {intl.formatMessage({ id: 'shell.banner.reload' })}
        </Button>
      </div>
    </Callout>
  );
});

/** The banners above the page content. */
export function Banners() {
  return (
    <div className={styles.banners}>
      <UpdateBanner />
      <EmailNotVerifiedBanner />
      <AdBlockBanner />
    </div>
  );
}
