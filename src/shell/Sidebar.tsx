import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { ChevronLeft, ChevronRight, Cross } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { isSafeAssetUrl } from '../app/safeAssetUrl';
import { SidebarMenu } from './SidebarMenu';
import { useMenus } from './useMenus';
import { LanguageSlot } from './LanguageSlot';
import { InstallAppPrompt } from './InstallAppPrompt';
import { AccountManagerPanel } from './AccountManagerPanel';
import { SupportLinks } from './SupportLinks';
import { WidgetBanner } from './WidgetBanner';
import styles from './Sidebar.module.css';

/** Placeholder rows while the network's sections load. */
function MenuSkeleton({ rows }: { rows: number }) {
  return (
    <div aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`${styles.link} ${styles.skeleton}`} />
      ))}
    </div>
  );
}

/**
 * The sidebar: the network's logo, the general and help menus, and the extras (language, install the app,
 * account manager, support links, house banner). `mini` is the collapsed 82 px rail (icons only);
 * `drawer` is the narrow-screen version inside a drawer (never collapsed, no collapse button).
 */
export const Sidebar = observer(function Sidebar({ variant }: { variant: 'full' | 'mini' | 'drawer' }) {
  const intl = useIntl();
  const { network } = useStores();
  const { ui } = useShellStores();
  const menus = useMenus();
  const mini = variant === 'mini';
  const images = network.settings?.settings?.images;
  const logo = mini ? (images?.logoMini ?? images?.logo) : images?.logo;
  const collapseLabel = intl.formatMessage({ id: mini ? 'shell.sidebar.expand' : 'shell.sidebar.collapse' });
  return (
    <aside className={`${styles.sidebar} ${mini ? styles.mini : ''} ${variant === 'drawer' ? styles.inDrawer : ''}`} data-testid="sidebar" data-variant={variant}>
      <div className={styles.header}>
        {isSafeAssetUrl(logo) ? (
          <img className={mini ? styles.logoMini : styles.logo} src={logo} alt={network.name} />
        ) : (
          <span className={styles.brandName}>{mini ? network.name.slice(0, 2) : network.name}</span>
        )}
        {variant === 'drawer' && (
          <Button
            variant="minimal"
            className={styles.closeDrawer}
            icon={<Cross />}
            aria-label={intl.formatMessage({ id: 'shell.sidebar.close' })}
            onClick={ui.closeDrawer}
          />
        )}
      </div>
      <div className={styles.scroll} aria-busy={network.status !== 'ready'}>
        {network.status !== 'ready' && <MenuSkeleton rows={mini ? 8 : 10} />}
        <SidebarMenu model={menus.general} mini={mini} />
        <SidebarMenu model={menus.help} mini={mini} heading />
        {!mini && (
          <div className={styles.extras}>
            <LanguageSlot />
            <InstallAppPrompt />
            <AccountManagerPanel />
            <SupportLinks />
            <WidgetBanner />
          </div>
        )}
      </div>
      {variant !== 'drawer' && (
        <div className={styles.footer}>
          <Button
            variant="minimal"
            className={styles.collapse}
            icon={mini ? <ChevronRight /> : <ChevronLeft />}
            aria-label={collapseLabel}
            aria-expanded={!mini}
            title={collapseLabel}
            onClick={ui.toggleCollapsed}
            text={mini ? undefined : intl.formatMessage({ id: 'shell.sidebar.collapse' })}
            data-testid="sidebar-collapse"
          />
        </div>
      )}
    </aside>
  );
});
