import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Drawer, FocusStyleManager, Spinner } from '@blueprintjs/core';
import { useShellStores } from '../shell/useShellStores';
import { Sidebar } from '../shell/Sidebar';
import { TopBar } from '../shell/TopBar';
import { Banners } from '../shell/Banners';
import { PopupWidget } from '../shell/PopupWidget';
import { WelcomeScreen } from '../shell/WelcomeScreen';
import { LiveChat } from '../shell/LiveChat';
import { PanelErrorBoundary } from '../shell/PanelErrorBoundary';
import { SIDEBAR_MINI_PX } from '../shell/stores/ShellUiStore';
import { useShellData } from './useShellData';
import { useLocaleStore } from '../i18n';
import { RouteFallback } from '../app/RouteFallback';
import styles from './MainLayout.module.css';

// Focus rings for keyboard users only: a mouse click on a menu or button does not leave an outline behind.
FocusStyleManager.onlyShowFocusOnTabs();

/** The main layout: sidebar (a drawer below 1264 px), top bar, banners, then the page (the nested route, or `children`). */
export const MainLayout = observer(function MainLayout({ children }: { children?: ReactNode }) {
  const locale = useLocaleStore();
  // The panel's texts are a bundle of their own, fetched with this layout (the guest pages never need them).
  useEffect(() => void locale.requirePanel(), [locale]);
  return locale.hasPanel ? <MainLayoutFrame>{children}</MainLayoutFrame> : <RouteFallback />;
});

const MainLayoutFrame = observer(function MainLayoutFrame({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { ui } = useShellStores();
  const location = useLocation();
  useShellData();
  // A link followed inside the drawer closes it.
  useEffect(() => ui.closeDrawer(), [ui, location.pathname]);
  // When the page changes under the keyboard (a saved form, a chosen format card, a button that navigates), the
  // focused element is gone and focus falls back to the document: a screen reader loses its place and some browsers
  // start the next Tab from the top. Focus goes to the content instead, so Tab continues in the new page. Focus that
  // is still somewhere (a sidebar link) stays.
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (!document.activeElement || document.activeElement === document.body) document.getElementById('content')?.focus({ preventScroll: true });
  }, [location.key]);
  const loadingLabel = intl.formatMessage({ id: 'app.loading' });
  return (
    <div className={styles.shell} style={{ ['--sidebar-mini' as string]: `${SIDEBAR_MINI_PX}px` }} data-layout="main">
      <a href="#content" className={styles.skip}>
        {intl.formatMessage({ id: 'shell.skipToContent' })}
      </a>
      {ui.narrow ? (
        <Drawer
          isOpen={ui.drawerOpen}
          onClose={ui.closeDrawer}
          position="left"
          size={280}
          className={styles.drawer}
          aria-label={intl.formatMessage({ id: 'shell.sidebar.label' })}
        >
          <Sidebar variant="drawer" />
        </Drawer>
      ) : (
        <Sidebar variant={ui.collapsed ? 'mini' : 'full'} />
      )}
      <div className={styles.column}>
        <TopBar />
        <div id="content" className={styles.content} tabIndex={-1}>
          <Banners />
          <PanelErrorBoundary
            key={location.pathname}
            title={intl.formatMessage({ id: 'app.loadFailed' })}
            reloadText={intl.formatMessage({ id: 'shell.banner.reload' })}
          >
            <Suspense fallback={<Spinner className={styles.pageSpinner} aria-label={loadingLabel} />}>
              {children ?? <Outlet />}
            </Suspense>
          </PanelErrorBoundary>
        </div>
      </div>
      <PopupWidget />
      <WelcomeScreen />
      <LiveChat />
    </div>
  );
});

export default MainLayout;
