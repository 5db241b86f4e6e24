import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { GuestOnly, MainRedirect, RequireAuth } from './guards';
import { RouteFallback } from './RouteFallback';
import { RoutePage } from './RoutePage';
import { useStores } from './context';
import { ROUTES, type LayoutKind, type PageId, type RouteDef } from './routes';
import DefaultLayout from '../layouts/DefaultLayout';
import EmptyLayout from '../layouts/EmptyLayout';
import LogoutRoute from './LogoutRoute';

// Pages load lazily, one chunk each, so the first screen carries only what it needs. Declarative routes
// rather than the data router: the data router adds about 16 KiB gzip to every page and nothing here uses loaders.
const PAGES: Record<PageId, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => import('../pages/login/LoginPage')),
  register: lazy(() => import('../pages/register/RegisterPage')),
  passwordReset: lazy(() => import('../pages/password-reset/PasswordResetPage')),
  unsubscribe: lazy(() => import('../pages/unsubscribe/UnsubscribePage')),
  registerConfirm: lazy(() => import('../pages/register-confirm/RegisterConfirmPage')),
  confirmEmail: lazy(() => import('../pages/confirm-email/ConfirmEmailPage')),
  impersonate: lazy(() => import('../pages/impersonate/ImpersonatePage')),
  registrationSucceeded: lazy(() => import('../pages/registration-succeeded/RegistrationSucceededPage')),
  notFound: lazy(() => import('../pages/not-found/NotFoundPage')),
  notifications: lazy(() => import('../pages/notifications/NotificationsPage')),
  personal: lazy(() => import('../pages/personal/PersonalPage')),
  ads: lazy(() => import('../pages/ads/AdsPage')),
  adForm: lazy(() => import('../pages/ads/AdFormPage')),
  ad: lazy(() => import('../pages/ads/AdViewPage')),
  campaigns: lazy(() => import('../pages/campaigns/CampaignsPage')),
  campaignForm: lazy(() => import('../pages/campaigns/CampaignFormPage')),
  campaign: lazy(() => import('../pages/campaigns/CampaignViewPage')),
  upsale: lazy(() => import('../pages/campaigns/UpsalePage')),
  dashboard: lazy(() => import('../pages/dashboard/DashboardPage')),
  campaignStatistics: lazy(() => import('../pages/statistics/CampaignStatisticsPage')),
  rtbStatistics: lazy(() => import('../pages/statistics/RtbStatisticsPage')),
  sspStatistics: lazy(() => import('../pages/statistics/SspStatisticsPage')),
  trafficChart: lazy(() => import('../pages/traffic-chart/TrafficChartPage')),
  placeholder: lazy(() => import('../pages/placeholder/PlaceholderPage')),
};

// The main layout (sidebar, top bar, their icons and overlays) is a chunk of its own: guests never load it.
const MainLayout = lazy(() => import('../layouts/MainLayout'));

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
  const Page = PAGES[route.page];
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
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
