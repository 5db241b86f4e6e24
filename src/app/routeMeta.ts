import { createContext, useContext } from 'react';
import type { RouteDef } from './routes';

/** The route being shown, for the layout and the page (placeholders show its title). */
export const RouteMetaContext = createContext<RouteDef | null>(null);

/** The current route's definition, or null outside a routed page. */
export const useRouteMeta = () => useContext(RouteMetaContext);
