import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useStores } from './context';

/** Where `RequireAuth` remembers the page a signed-out visitor wanted. */
export interface FromState {
  from?: string;
}

/** Renders its children only for a signed-in user; anyone else goes to /login, remembering the wanted path. */
export const RequireAuth = observer(function RequireAuth({ children }: { children: ReactNode }) {
  const { session, user } = useStores();
  const location = useLocation();
  useEffect(() => {
    if (session.isAuthenticated) void user.load();
  }, [session.isAuthenticated, user]);
  if (!session.isAuthenticated) {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <>{children}</>;
});

/** The remembered path of a redirect to login, if it is a plain path of this app. */
export function rememberedPath(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : undefined;
}

/**
 * Renders its children only for a guest. A signed-in user goes to the main route, or, right after signing in,
 * back to the page they wanted before they were sent to login.
 */
export const GuestOnly = observer(function GuestOnly({ children }: { children: ReactNode }) {
  const { session } = useStores();
  const location = useLocation();
  if (session.isAuthenticated) return <Navigate to={rememberedPath(location.state) ?? '/'} replace />;
  return <>{children}</>;
});
