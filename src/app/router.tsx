import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BrowserRouter, matchRoutes, Route, Routes, useLocation } from 'react-router';
import { observer } from 'mobx-react-lite';
import { GuestOnly, MainRedirect, RequireAuth } from './guards';
import { RouteFallback } from './RouteFallback';
import { RoutePage } from './RoutePage';
import { useStores } from './context';
import { ROUTES, type LayoutKind, type PageLoader, type RouteDef } from './routes';
import DefaultLayout from '../layouts/DefaultLayout';
import EmptyLayout from '../layouts/EmptyLayout';
import LogoutRoute from './LogoutRoute';
import { PanelErrorBoundary } from '../shell/PanelErrorBoundary';
import { loadChunk } from '../../engine/state/chunkLoad';

// Pages load lazily, one chunk each (routes.ts names each route's loader); one that fails or stalls for two minutes
// is a ChunkLoadError the layout's boundary offers a reload for. Declarative routes rather than the data
// router: the data router adds about 16 KiB gzip to every page and nothing here uses loaders.
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function pageOf(route: RouteDef) {
  let page = lazyPages.get(route.page);
  if (!page) lazyPages.set(route.page, (page = lazy(loadChunk(route.page))));
  return page;
}

// The main layout (sidebar, top bar, their icons and overlays) is a chunk of its own: guests never load it.
const loadMainLayout = () => import('../layouts/MainLayout');
const MainLayout = lazy(loadChunk(loadMainLayout));
const ROUTE_PATHS = ROUTES.map((def) => ({ path: def.path, def }));

/**
 * Starts loading the code of the page at `pathname` and of its layout at once, beside the first API calls. Left to
 * the lazy routes, the page's chunk is asked for only once the layout's has arrived and rendered, and the layout's
 * once the shell's first calls have answered: a chain that was most of the time to the campaigns page's largest
 * paint (Lighthouse). A failure here is dropped: the lazy route meets it again and reports it where it renders.
 * @returns the route whose code it started loading, if any.
 */
export function preloadPage(pathname: string, signedIn: boolean): RouteDef | undefined {
  // Ranked as the router ranks them: /campaigns/create before /campaigns/:id.
  const route = matchRoutes(ROUTE_PATHS, pathname)?.[0]?.route.def;
  if (!route || (route.access === 'auth' && !signedIn)) return undefined;
  if (route.layout === 'main') loadMainLayout().catch(() => {});
  route.page().catch(() => {});
  return route;
}

const NotFoundPage = lazy(loadChunk(() => import('../shell/NotFoundPage')));

/** An unknown path: the 404 page at that address, in the panel's frame for a signed-in user. */
const UnknownPath = observer(function UnknownPath() {
  const { session } = useStores();
  if (!session.isAuthenticated) {
    return (
      <DefaultLayout>
        <NotFoundPage />
      </DefaultLayout>
    );
  }
  return (
    <RequireAuth>
      <MainLayout>
        <NotFoundPage inPanel />
      </MainLayout>
    </RequireAuth>
  );
});

/**
 * Forgets the signed-in user's data on a 401. The client cleared the token once, however many calls were refused
 * together; RequireAuth then sends the user to login, remembering the page they were on: one redirect.
 */
function ForgetOnUnauthorized() {
  const stores = useStores();
  useEffect(() => {
    stores.onUnauthorized = () => stores.resetUserData();
  }, [stores]);
  return null;
}

/** Gives the API client the interface language's words for a failure whose answer says nothing usable (the forms' own "something went wrong", or that no answer came). */
function ApiFailureTexts() {
  const stores = useStores();
  const intl = useIntl();
  useEffect(() => {
    stores.failureText = (reason) => intl.formatMessage({ id: reason === 'noAnswer' ? 'app.noAnswer' : 'form.submitFailed' });
  }, [stores, intl]);
  return null;
}

const LAYOUTS: Record<LayoutKind, ComponentType> = { default: DefaultLayout, main: MainLayout, empty: EmptyLayout };

function routeElement(route: RouteDef) {
  const Page = pageOf(route);
  return (
    <RoutePage route={route}>
      <Page />
    </RoutePage>
  );
}

/** The routes of one access kind, grouped by layout. */
function byLayout(access: RouteDef['access']) {
  return (Object.keys(LAYOUTS) as LayoutKind[]).map((kind) => {
    const routes = ROUTES.filter((r) => r.access === access && r.layout === kind);
    if (!routes.length) return null;
    const Layout = LAYOUTS[kind];
    return (
      <Route key={kind} element={<Layout />}>
        {routes.map((r) => (
          <Route key={r.id} path={r.path} element={routeElement(r)} />
        ))}
      </Route>
    );
  });
}

/**
 * Above every layout: a guest page or a layout whose chunk did not arrive shows a message with a reload instead
 * of a blank page (the main layout has its own boundary per page, inside the frame).
 */
function RouteBoundary({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <PanelErrorBoundary resetKey={pathname} title={intl.formatMessage({ id: 'app.loadFailed' })} reloadText={intl.formatMessage({ id: 'shell.banner.reload' })}>
      {children}
    </PanelErrorBoundary>
  );
}

/** Every route of the panel (routes.ts), each in its layout, behind its guards. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <ForgetOnUnauthorized />
      <ApiFailureTexts />
      <RouteBoundary>
        <Suspense fallback={<RouteFallback />}>
          <Routes>
            <Route element={<GuestOnly />}>{byLayout('guest')}</Route>
            {byLayout('open')}
            <Route element={<RequireAuth />}>
              <Route index element={<MainRedirect />} />
              <Route path="/logout" element={<LogoutRoute />} />
              {byLayout('auth')}
            </Route>
            <Route path="*" element={<UnknownPath />} />
          </Routes>
        </Suspense>
      </RouteBoundary>
    </BrowserRouter>
  );
}
