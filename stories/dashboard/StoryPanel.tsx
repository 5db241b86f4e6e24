import { useEffect, useMemo, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { observer } from 'mobx-react-lite';
import type { LookupTransport } from '../../engine/lookup';
import { StoreContext } from '../../src/app/context';
import { PanelEnglish } from '../ads/PanelEnglish';
import { asRootStore, createStoryStores, type StoryStores } from '../campaigns/storyStores';

/**
 * Loads `GET network` and `GET settings` once, as the signed-in shell does; with `wait`, the page shows only once
 * both are in, as in the panel (pages that read the network's currency outside an observer need that).
 */
const ShellLoads = observer(function ShellLoads({ stores, wait, children }: { stores: StoryStores; wait: boolean; children: ReactNode }) {
  useEffect(() => {
    void stores.network.load();
    void stores.settings.load();
  }, [stores]);
  if (wait && (stores.network.status !== 'ready' || stores.settings.status !== 'ready')) return null;
  return children;
});

/**
 * A page of the signed-in panel in a story: the stores it reads (`useStores()`) over a fixture transport, the
 * panel's English texts and a router at `path`. `transport` is made once per `key` of the caller. `waitForShell`
 * shows the page only once the network and settings are loaded, as the signed-in shell does.
 */
export function StoryPanel({ transport, path, waitForShell = false, children }: { transport: () => LookupTransport; path: string; waitForShell?: boolean; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one set of stores per mount; the caller remounts with a key
  const stores = useMemo(() => createStoryStores(transport()), []);
  return (
    <StoreContext.Provider value={asRootStore(stores)}>
      <PanelEnglish>
        <MemoryRouter initialEntries={[path]}>
          <ShellLoads stores={stores} wait={waitForShell}>
            {children}
          </ShellLoads>
        </MemoryRouter>
      </PanelEnglish>
    </StoreContext.Provider>
  );
}
