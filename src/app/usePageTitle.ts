import { useEffect } from 'react';
import { useStores } from './context';

/** Sets the document title to the network name plus the route title. */
export function usePageTitle(routeTitle: string) {
  const { network } = useStores();
  const name = network.name;
  useEffect(() => {
    document.title = name ? `${name} – ${routeTitle}` : routeTitle;
  }, [name, routeTitle]);
}
