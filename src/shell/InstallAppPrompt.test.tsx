import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntlProvider } from 'react-intl';
import { runInAction } from 'mobx';
import type { Application } from '../../generated/types';
import messages from '../locales/en/shell.json';
import { RootStore } from '../app/RootStore';
import { StoreContext } from '../app/context';
import { InstallAppPrompt } from './InstallAppPrompt';
import type { ShellStores } from './stores/ShellStores';

const APPLICATION: Application = {
  id: '/',
  name: 'AdNet',
  short_name: 'AdNet',
  description: 'The AdNet advertiser panel',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: '#1f4b99',
  background_color: '#ffffff',
  icons: [
    { src: '/network-assets/adnet/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/network-assets/adnet/icon-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  installable: true,
};

/** Chrome's `beforeinstallprompt`, with the user's answer to its dialog. */
function installEvent(outcome: 'accepted' | 'dismissed') {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => {}), userChoice: Promise.resolve({ outcome }) });
}

/** The prompt in a panel whose network turns it on (or not), `GET application` answering with the app. */
function show(pwaPrompt = true) {
  const stores = new RootStore({ notify: () => {}, report: () => {} });
  runInAction(() => (stores.network.settings = { id: 'adnet', name: 'AdNet', settings: { pwaPrompt: { enabled: pwaPrompt } } } as never));
  const get = vi.spyOn(stores.api, 'get').mockImplementation(async (path: string) => {
    if (path === 'application') return { data: APPLICATION } as never;
    throw new Error(`unexpected GET ${path}`);
  });
  const view = render(
    <StoreContext.Provider value={stores}>
      <IntlProvider locale="en" messages={messages}>
        <InstallAppPrompt />
      </IntlProvider>
    </StoreContext.Provider>,
  );
  return { view, get, stores };
}

afterEach(() => localStorage.clear());

describe('InstallAppPrompt', () => {
  it('waits for the browser’s offer, names the network’s app with its icon, and opens the browser’s dialog', async () => {
    const { get } = show();
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    const event = installEvent('accepted');
    act(() => void window.dispatchEvent(event));
    // The browser's own mini bar is held back: the sidebar offers it instead.
    expect(event.defaultPrevented).toBe(true);
    const offer = await screen.findByRole('region', { name: 'Install AdNet' });
    expect(get).toHaveBeenCalledWith('application', expect.anything());
    expect(offer.querySelector('img')?.getAttribute('src')).toBe('/network-assets/adnet/icon-192.png');
    expect(offer.textContent).toContain(messages['shell.install.text']);
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // Installed: nothing more to offer.
    await waitFor(() => expect(screen.queryByTestId('install-prompt')).toBeNull());
  });

  it('goes away for good on this device when the user says not now', async () => {
    const first = show();
    act(() => void window.dispatchEvent(installEvent('dismissed')));
    await screen.findByRole('region', { name: 'Install AdNet' });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    first.view.unmount();
    (first.stores.shell as ShellStores).installPrompt.dispose();

    // Another visit, another offer from the browser: still not shown.
    show();
    act(() => void window.dispatchEvent(installEvent('dismissed')));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('is never shown where the network does not offer the app', () => {
    show(false);
    act(() => void window.dispatchEvent(installEvent('accepted')));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });
});
