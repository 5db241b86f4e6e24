import { useStores } from '../app/context';
import { ShellStores } from './stores/ShellStores';

/** The shell's own stores, created once per app on first use and kept on the RootStore. */
export function useShellStores(): ShellStores {
  const stores = useStores();
  // Idempotent, so creating it during the first render is safe (StrictMode's double render included).
  stores.shell ??= new ShellStores(stores.api);
  return stores.shell as ShellStores;
}
