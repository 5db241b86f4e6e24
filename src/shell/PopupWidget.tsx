import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Card } from '@blueprintjs/core';
import { Cross } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { features } from './networkFeatures';
import styles from './PopupWidget.module.css';

/** The sessionStorage key that keeps the popup from coming back in this session once shown. */
export const POPUP_SEEN_KEY = 'popup-widget-seen';

const seen = () => {
  try {
    return sessionStorage.getItem(POPUP_SEEN_KEY) === '1';
  } catch {
    return false;
  }
};
const markSeen = () => {
  try {
    sessionStorage.setItem(POPUP_SEEN_KEY, '1');
  } catch {
    // Storage blocked: it may show again next page load, which is all that is lost.
  }
};

/**
 * The network's popup widget (config `popupWidget`): its banner in the interface language (English otherwise),
 * `delaySeconds` after the panel opens, once per browser session. A card in the corner, not a modal: it never
 * blocks the page or takes the keyboard focus; its close button dismisses it.
 */
export const PopupWidget = observer(function PopupWidget() {
  const intl = useIntl();
  const { network } = useStores();
  const popup = features.popup(network.settings, intl.locale);
  const [open, setOpen] = useState(false);
  const delay = popup?.delayMs;
  useEffect(() => {
    if (delay === undefined || seen()) return;
    const timer = setTimeout(() => {
      if (seen()) return;
      markSeen();
      setOpen(true);
    }, delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!open || !popup) return null;
  return (
    <Card elevation={3} compact className={styles.popup} role="complementary" aria-label={intl.formatMessage({ id: 'shell.popup.label' })} data-testid="popup-widget">
      <Button variant="minimal" size="small" icon={<Cross />} className={styles.close} aria-label={intl.formatMessage({ id: 'shell.popup.close' })} onClick={() => setOpen(false)} />
      <a href={popup.banner.url} target="_blank" rel="noopener noreferrer sponsored" onClick={() => setOpen(false)}>
        <img src={popup.banner.image} alt={popup.banner.alt} />
      </a>
    </Card>
  );
});
