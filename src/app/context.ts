import { createContext, useContext } from 'react';
import type { RootStore } from './RootStore';

export const StoreContext = createContext<RootStore | null>(null);

/** The app's RootStore; only valid inside `<StoreContext.Provider>`. */
export function useStores(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStores() outside <StoreContext.Provider>');
  return store;
}
