import { useEffect, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { observer } from 'mobx-react-lite';
import { RootStore } from './RootStore';
import { StoreContext } from './context';
import { AppRoutes } from './router';
import { applyBrand } from './applyBrand';
import en from '../../generated/locales/en.json';
import { toast } from './toast';

/** The panel: stores, translations and routes. */
export const App = observer(function App() {
  const stores = useMemo(() => new RootStore({ notify: toast }), []);

  useEffect(() => {
    void stores.network.load();
    // First navigation: a stored token is refreshed at once (and then every 30 minutes).
    void stores.session.resume();
  }, [stores]);

  useEffect(() => applyBrand(stores.network.settings), [stores.network.settings]);

  return (
    <StoreContext.Provider value={stores}>
      <IntlProvider locale="en" defaultLocale="en" messages={en}>
        <AppRoutes />
      </IntlProvider>
    </StoreContext.Provider>
  );
});
