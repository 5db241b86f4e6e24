import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { RootStore } from './RootStore';
import { StoreContext } from './context';
import { AppRoutes, preloadPage } from './router';
import { applyBrand } from './applyBrand';
import { toast } from './toast';
import { linkManifest } from './webManifest';
import { I18nProvider } from '../i18n/I18nProvider';
import { LocaleStore } from '../i18n/LocaleStore';

/** The panel: stores, translations and routes. */
export const App = observer(function App() {
  const stores = useMemo(() => new RootStore({ notify: toast }), []);
  const locale = useMemo(
    () => new LocaleStore({ api: stores.api, network: stores.network, user: stores.user, session: stores.session }),
    [stores],
  );

  // The first page's code starts loading beside the first API calls (router.tsx says why), and a panel page's texts too.
  const [firstPage] = useState(() => preloadPage(window.location.pathname, stores.session.isAuthenticated));

  useEffect(() => {
    void stores.network.load();
    // First navigation: a stored token is refreshed at once (and then every 30 minutes).
    void stores.session.resume();
  }, [stores]);

  // The language follows the device's choice, the network's locales and the signed-in user's saved locale.
  useEffect(() => {
    const stop = locale.start();
    if (firstPage?.layout === 'main') void locale.requirePanel();
    return stop;
  }, [locale, firstPage]);

  useEffect(() => applyBrand(stores.network.settings), [stores.network.settings]);

  const installable = (stores.network.settings?.settings?.pwaPrompt as { enabled?: boolean } | undefined)?.enabled === true;
  useEffect(() => linkManifest(installable), [installable]);

  return (
    <StoreContext.Provider value={stores}>
      <I18nProvider store={locale}>
        <AppRoutes />
      </I18nProvider>
    </StoreContext.Provider>
  );
});
