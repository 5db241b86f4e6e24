import { useEffect, useMemo, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { LookupTransport } from '../../engine/lookup';
import { StoreContext } from '../../src/app/context';
import { PanelEnglish } from '../ads/PanelEnglish';
import { asRootStore, createStoryStores, type StoryStores } from '../campaigns/storyStores';

/** Loads `GET network` and `GET settings` once, as the signed-in shell does before a page shows. */
function ShellLoads({ stores, children }: { stores: StoryStores; children: ReactNode }) {
  useEffect(() => {
    void stores.network.load();
    void stores.settings.load();
  }, [stores]);
  return children;
}

/**
 * A page of the signed-in panel in a story: the stores it reads (`useStores()`) over a fixture transport, the
 * panel's English texts and a router at `path`. `transport` is made once per `key` of the caller.
 */
export function StoryPanel({ transport, path, children }: { transport: () => LookupTransport; path: string; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one set of stores per mount; the caller remounts with a key
  const stores = useMemo(() => createStoryStores(transport()), []);
  return (
    <StoreContext.Provider value={asRootStore(stores)}>
      <PanelEnglish>
        <MemoryRouter initialEntries={[path]}>
          <ShellLoads stores={stores}>{children}</ShellLoads>
        </MemoryRouter>
      </PanelEnglish>
    </StoreContext.Provider>
  );
}
