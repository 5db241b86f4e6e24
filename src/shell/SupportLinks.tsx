import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Chat, Envelope, Help, Share } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { features } from './networkFeatures';
import styles from './Sidebar.module.css';

/** Brand names of the social networks a config may list (not translated). */
const SOCIAL_NAMES: Record<string, string> = {
  telegram: 'Telegram',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  instagram: 'Instagram',
  skype: 'Skype',
  whatsapp: 'WhatsApp',
  discord: 'Discord',
  vk: 'VK',
};

/** The event a live chat integration listens for to open its window. */
export const OPEN_LIVE_CHAT_EVENT = 'panel:open-live-chat';

/** Support links, each only when the network configures it: help, social networks, e-mail, live chat. */
export const SupportLinks = observer(function SupportLinks() {
  const intl = useIntl();
  const { network, user } = useStores();
  const links = features.supportLinks(network.settings);
  const liveChat = features.supportLiveChat(network.settings);
  if (!links.length && !liveChat) return null;
  const manager = user.user?.account_manager;

  function openChat() {
    // The first kind is a chat with one's own account manager: their Telegram, else their e-mail.
    if (features.liveChatKind(network.settings) === 1 && manager) {
      if (manager.telegram && /^[A-Za-z0-9_]{3,64}$/.test(manager.telegram)) {
        window.open(`https://t.me/${manager.telegram}`, '_blank', 'noopener,noreferrer');
        return;
      }
      if (manager.email) {
        window.location.href = `mailto:${manager.email}`;
        return;
      }
    }
    window.dispatchEvent(new CustomEvent(OPEN_LIVE_CHAT_EVENT));
  }

  return (
    <nav className={styles.support} aria-label={intl.formatMessage({ id: 'shell.support.title' })} data-testid="support-links">
      <div className={styles.heading}>{intl.formatMessage({ id: 'shell.support.title' })}</div>
      <ul className={styles.supportList}>
        {links.map((link) => {
          const external = link.kind !== 'email';
          const label =
            link.kind === 'help'
              ? intl.formatMessage({ id: 'shell.support.help' })
              : link.kind === 'email'
                ? intl.formatMessage({ id: 'shell.support.email' })
                : (SOCIAL_NAMES[link.kind] ?? link.kind);
          const Icon = link.kind === 'help' ? Help : link.kind === 'email' ? Envelope : Share;
          return (
            <li key={link.id}>
              <a className={styles.supportLink} href={link.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                <Icon size={14} aria-hidden />
                {label}
              </a>
            </li>
          );
        })}
        {liveChat && (
          <li>
            <button type="button" className={styles.supportLink} onClick={openChat}>
              <Chat size={14} aria-hidden />
              {intl.formatMessage({ id: 'shell.support.liveChat' })}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
});
