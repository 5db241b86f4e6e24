import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import { GuestOnly, MainRedirect, RequireAuth } from './guards';
import { RouteFallback } from './RouteFallback';
import { RoutePage } from './RoutePage';
import { useStores } from './context';
import { ROUTES, type LayoutKind, type PageLoader, type RouteDef } from './routes';
import DefaultLayout from '../layouts/DefaultLayout';
import EmptyLayout from '../layouts/EmptyLayout';
import LogoutRoute from './LogoutRoute';

// Pages load lazily, one chunk each (routes.ts names each route's loader). Declarative routes rather than the data
// router: the data router adds about 16 KiB gzip to every page and nothing here uses loaders.
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function pageOf(route: RouteDef) {
  let page = lazyPages.get(route.page);
  if (!page) lazyPages.set(route.page, (page = lazy(route.page)));
  return page;
}

// The main layout (sidebar, top bar, their icons and overlays) is a chunk of its own: guests never load it.
const MainLayout = lazy(() => import('../layouts/MainLayout'));
const NotFoundPage = lazy(() => import('../shell/NotFoundPage'));

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

const LAYOUTS: Record<LayoutKind, ComponentType> = { default: DefaultLayout, main: MainLayout, empty: EmptyLayout };

/** Lets the stores send the user to login on a 401, remembering where they were. */
function UnauthorizedRedirect() {
  const stores = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  useEffect(() => {
    stores.onUnauthorized = () => {
      stores.resetUserData();
      if (location.pathname !== '/login') navigate('/login', { replace: true, state: { from } });
    };
  }, [stores, navigate, location.pathname, from]);
  return null;
}

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

/** Every route of the panel (routes.ts), each in its layout, behind its guards. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
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
    </BrowserRouter>
  );
}
