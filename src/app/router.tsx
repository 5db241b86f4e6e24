import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { RouteFallback } from './RouteFallback';
import { useStores } from './context';

// Pages load lazily, one chunk each, so the first screen carries only what it needs. Declarative routes
// rather than the data router: the data router adds about 16 KiB gzip to every page and nothing here uses loaders.
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const HomePage = lazy(() => import('../pages/home/HomePage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

/** Lets the stores send the user to login on a 401, remembering where they were. */
function UnauthorizedRedirect() {
  const stores = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  useEffect(() => {
    stores.onUnauthorized = () => {
      stores.user.clear();
      if (location.pathname !== '/login') navigate('/login', { replace: true, state: { from } });
    };
  }, [stores, navigate, location.pathname, from]);
  return null;
}

/** The routes. The shell issue replaces the signed-in placeholder with the real layouts and sections. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route path="/login" element={<GuestOnly><LoginPage /></GuestOnly>} />
          <Route path="/" element={<RequireAuth><HomePage /></RequireAuth>} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
