import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { RouteMetaContext } from './routeMeta';
import { routeTitleId, type RouteDef } from './routes';
import { usePageTitle } from './usePageTitle';
import { RequireSection } from './guards';
import { textOr } from '../i18n/textOr';

/** One routed page: the tab title (network name + route title), the route's data for the page, its section rule. */
export function RoutePage({ route, children }: { route: RouteDef; children: ReactNode }) {
  const intl = useIntl();
  usePageTitle(route.title ? textOr(intl, route.title.id, route.title.english) : intl.formatMessage({ id: routeTitleId(route) }));
  return (
    <RouteMetaContext.Provider value={route}>
      {route.section ? <RequireSection section={route.section}>{children}</RequireSection> : children}
    </RouteMetaContext.Provider>
  );
}
