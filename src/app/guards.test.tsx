import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RootStore } from './RootStore';
import { StoreContext } from './context';
import { GuestOnly, MainRedirect, RequireAuth } from './guards';
import { RoutePage } from './RoutePage';
import { placeholderPage, type RouteDef } from './routeDef';

interface Setup {
  signedIn?: boolean;
  sections?: string[];
  status?: string;
  group?: '1' | '2';
}

let stores: RootStore | undefined;
afterEach(() => {
  stores?.session.dispose();
  stores?.session.logout();
  sessionStorage.clear();
});

function setup({ signedIn = true, sections = ['Dashboard', 'Ads'], status = 'confirmed', group = '2' }: Setup) {
  sessionStorage.setItem('ab_group', group);
  stores = new RootStore({ notify: () => {}, report: () => {} });
  vi.spyOn(stores.api, 'request').mockImplementation(async ({ url }) => {
    const data =
      url === 'network'
        ? { id: 'n', name: 'Net', guardSections: sections }
        : url === 'user'
          ? { id: 1, name: 'U', email: 'u@n.test', status, locale: 'en', balance: '1.0000' }
          : { server_time: new Date().toISOString() };
    return { data: { data }, status: 200, headers: {} };
  });
  if (signedIn) stores.session.login('token');
  return stores;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

const ads: RouteDef = { id: 'ads', path: '/ads', access: 'auth', layout: 'main', page: placeholderPage, section: 'Ads' };
const rtb: RouteDef = { id: 'rtb', path: '/rtb', access: 'auth', layout: 'main', page: placeholderPage, section: 'Rtb' };

function renderAt(path: string, s: RootStore) {
  // The browser's address agrees with the router's, as under BrowserRouter.
  window.history.replaceState(null, '', path);
  return render(
    <StoreContext.Provider value={s}>
      <IntlProvider locale="en" messages={{}} onError={() => {}}>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          <Routes>
            <Route element={<GuestOnly />}>
              <Route path="/login" element={<p>login page</p>} />
            </Route>
            <Route path="/404" element={<p>not found page</p>} />
            <Route path="/confirm-email" element={<p>confirm page</p>} />
            <Route element={<RequireAuth />}>
              <Route index element={<MainRedirect />} />
              {[ads, rtb].map((r) => (
                <Route key={r.id} path={r.path} element={<RoutePage route={r}>{<p>{r.id} page</p>}</RoutePage>} />
              ))}
              <Route path="/dashboard" element={<p>dashboard page</p>} />
              <Route path="/rtb-statistics" element={<p>rtb statistics page</p>} />
              <Route path="/personal" element={<p>personal page</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </StoreContext.Provider>,
  );
}

describe('guards', () => {
  it('sends a guest from an authenticated route to login', async () => {
    renderAt('/ads', setup({ signedIn: false }));
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('sends a signed-in user from a guest-only route to the main route', async () => {
    renderAt('/login', setup({}));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('lets a page that signs the user in finish its own navigation', async () => {
    const s = setup({ signedIn: false });
    renderAt('/login', s);
    await screen.findByText('login page');
    // The page has pushed its next address (the router will follow) and then signs in.
    window.history.pushState(null, '', '/confirm-email');
    act(() => void s.session.login('token'));
    expect(screen.queryByText('dashboard page')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('opens an allowed section and shows the 404 page at the address of a disallowed one', async () => {
    const s = setup({});
    const { unmount } = renderAt('/ads', s);
    expect(await screen.findByText('ads page')).toBeTruthy();
    unmount();
    renderAt('/rtb', s);
    expect(await screen.findByRole('heading', { name: 'notFound.title' })).toBeTruthy();
    expect(screen.getByText('notFound.address')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/rtb');
  });

  it.each([
    [['Dashboard', 'RtbStatistics'], 'dashboard page'],
    [['RtbStatistics'], 'rtb statistics page'],
    [['Ads'], 'personal page'],
  ])('chooses the main route for sections %j', async (sections, page) => {
    renderAt('/', setup({ sections }));
    expect(await screen.findByText(page)).toBeTruthy();
  });

  it('fetches the user and the global settings once signed in', async () => {
    const s = setup({});
    renderAt('/ads', s);
    await screen.findByText('ads page');
    const urls = vi.mocked(s.api.request).mock.calls.map(([c]) => c.url);
    expect(urls).toContain('user');
    expect(urls).toContain('settings');
  });

  it('sends an unconfirmed user of A/B group 1 to /confirm-email, but not one of group 2', async () => {
    const { unmount } = renderAt('/ads', setup({ status: 'unconfirmed', group: '1' }));
    expect(await screen.findByText('confirm page')).toBeTruthy();
    unmount();
    renderAt('/ads', setup({ status: 'unconfirmed', group: '2' }));
    expect(await screen.findByText('ads page')).toBeTruthy();
  });
});
