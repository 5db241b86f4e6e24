import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useIntl } from 'react-intl';
import { Button, Dialog, DialogBody, DialogFooter, H4 } from '@blueprintjs/core';
import { useStores } from '../app/context';
import { features } from './networkFeatures';
import styles from './WelcomeScreen.module.css';

/** What the three-screen welcome walks through, in order: the ad, the campaign that runs it, the money it spends. */
const STEPS = ['ad', 'campaign', 'funds'] as const;

/**
 * The welcome screen (config `welcomeScreen`), once per user: after the first sign-in, until they finish or skip
 * it (POST user/welcome-seen, so it does not come back on another device). Three screens by default, one screen
 * with the three steps, or the network's video. Never while support impersonates the user.
 */
export const WelcomeScreen = observer(function WelcomeScreen() {
  const intl = useIntl();
  const { network, user, api } = useStores();
  const [step, setStep] = useState(0);
  const config = features.welcomeScreen(network.settings);
  const current = user.user;
  if (!config || !current || current.welcome_seen || current.is_impersonating) return null;

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `shell.welcome.${id}` }, values);
  const done = () => {
    // Closed at once; if the call fails the screen comes back next sign-in, which is all that is lost.
    runInAction(() => (current.welcome_seen = true));
    void api.post('user/welcome-seen', undefined, { silent: true }).catch(() => {});
  };
  const three = config.type === 'three-screen';
  const last = !three || step === STEPS.length - 1;
  const slide = (id: (typeof STEPS)[number]) => (
    <section key={id} className={styles.step}>
      <H4>{t(`${id}.title`)}</H4>
      <p>{t(`${id}.text`)}</p>
    </section>
  );
  return (
    <Dialog isOpen title={t('title', { network: network.name || '' })} onClose={done} className={styles.dialog}>
      <DialogBody>
        {config.type === 'video' && config.videoUrl ? (
          <video className={styles.video} src={config.videoUrl} controls preload="metadata" aria-label={t('video')} />
        ) : three ? (
          <>
            {slide(STEPS[step]!)}
            <p className={styles.progress} aria-live="polite">
              {t('progress', { n: step + 1, count: STEPS.length })}
            </p>
          </>
        ) : (
          STEPS.map(slide)
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {!last ? <Button variant="minimal" text={t('skip')} onClick={done} /> : null}
            {three && step > 0 ? <Button text={t('back')} onClick={() => setStep(step - 1)} /> : null}
            <Button intent="primary" text={last ? t('start') : t('next')} onClick={last ? done : () => setStep(step + 1)} autoFocus />
          </>
        }
      />
    </Dialog>
  );
});
