import { lazy, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Classes, Spinner } from '@blueprintjs/core';
import { useStores } from './context';
import { abGroup, mustConfirmEmail } from './abFlag';
import { mainRoute, sectionAllowed } from './sections';
import { RouteFallback } from './RouteFallback';

/** Where `RequireAuth` remembers the page a signed-out visitor wanted. */
export interface FromState {
  from?: string;
}

/**
 * Renders its children (or the nested routes) only for a signed-in user; anyone else goes to /login,
 * remembering the wanted path. Once signed in, the current user and the global settings are fetched once,
 * and the A/B rule may send a user with an unconfirmed e-mail to /confirm-email.
 */
export const RequireAuth = observer(function RequireAuth({ children }: { children?: ReactNode }) {
  const { session, user, settings } = useStores();
  const location = useLocation();
  // Assigned once per device; read once per mount.
  const [group] = useState(() => abGroup());
  useEffect(() => {
    if (!session.isAuthenticated) return;
    void user.load();
    void settings.load();
  }, [session.isAuthenticated, user, settings]);
  if (!session.isAuthenticated) {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  if (mustConfirmEmail(group, user.user)) return <Navigate to="/confirm-email" replace />;
  // In group 1 the page waits for the user, so one who must confirm first never sees it flash by.
  if (group === 1 && !user.user && user.status !== 'error') return <RouteFallback />;
  return <>{children ?? <Outlet />}</>;
});

/** The remembered path of a redirect to login, if it is a plain path of this app. */
export function rememberedPath(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : undefined;
}

/**
 * Renders its children (or the nested routes) only for a guest. A signed-in user goes to the main route, or,
 * right after signing in, back to the page they wanted before they were sent to login.
 */
export const GuestOnly = observer(function GuestOnly({ children }: { children?: ReactNode }) {
  const { session } = useStores();
  const location = useLocation();
  if (session.isAuthenticated) {
    // A page that signs the user in may already be on its way elsewhere (sign-up → /registration-succeeded): the
    // browser's address changes at once, the router's state a moment later (a transition). Sending the user to
    // the main route now would overtake that navigation.
    if (globalThis.location && globalThis.location.pathname !== location.pathname) return null;
    return <Navigate to={rememberedPath(location.state) ?? '/'} replace />;
  }
  return <>{children ?? <Outlet />}</>;
});

/** Waits for the network's settings (its allowed sections); a failed load offers a retry. */
export const NetworkReady = observer(function NetworkReady({ children }: { children: ReactNode }) {
  const { network } = useStores();
  const intl = useIntl();
  useEffect(() => {
    void network.load();
  }, [network]);
  if (network.status === 'error') {
    // Plain elements with Blueprint's classes: Button and NonIdealState would pull the icon name list into
    // the first chunk, which every page (sign-in included) loads.
    return (
      <div className={Classes.NON_IDEAL_STATE} role="alert">
        <h4 className={Classes.HEADING}>{intl.formatMessage({ id: 'app.loadFailed' })}</h4>
        <button type="button" className={Classes.BUTTON} onClick={() => void network.retry()}>
          <span className={Classes.BUTTON_TEXT}>{intl.formatMessage({ id: 'shell.retry' })}</span>
        </button>
      </div>
    );
  }
  if (network.status !== 'ready') return <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  return <>{children}</>;
});

// Its own chunk: Blueprint's NonIdealState would pull the icon list into the first one.
const NotFoundPage = lazy(() => import('../shell/NotFoundPage'));

/** A route of a section: shown only when the network allows the section, else the 404 page at that address. */
export const RequireSection = observer(function RequireSection({ section, children }: { section?: string; children: ReactNode }) {
  const { network } = useStores();
  return <NetworkReady>{sectionAllowed(section, network.sections) ? children : <NotFoundPage inPanel />}</NetworkReady>;
});

/** The empty path: on to the dashboard if allowed, else RTB statistics, else the profile. */
export const MainRedirect = observer(function MainRedirect() {
  const { network } = useStores();
  return (
    <NetworkReady>
      <Navigate to={mainRoute(network.sections)} replace />
    </NetworkReady>
  );
});
