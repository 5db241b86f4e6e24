import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../engine/api/errors';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import type { RootStore } from '../../app/RootStore';
import { StoreContext } from '../../app/context';
import { I18nProvider } from '../../i18n/I18nProvider';
import { LocaleStore } from '../../i18n/LocaleStore';
import accounts from '../../locales/en/accounts.json';
import app from '../../locales/en/app.json';
import UnsubscribePage from './UnsubscribePage';

const messages = { ...app, ...accounts };

/** The page as the app shows it: inside the I18nProvider, whose language selector the card carries. */
function show(api: object) {
  const network = { name: 'Acme', settings: null };
  const locale = new LocaleStore({ api: { request: vi.fn() }, network, user: { user: null }, session: { isAuthenticated: false }, languages: [] });
  return render(
    <StoreContext.Provider value={{ api, network } as unknown as RootStore}>
      <I18nProvider store={locale}>
        <MemoryRouter initialEntries={['/unsubscribe/a%40b.test?signature=sig']}>
          <Routes>
            <Route path="/unsubscribe/:email" element={<UnsubscribePage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </StoreContext.Provider>,
  );
}

describe('UnsubscribePage', () => {
  it('loads the choices silently (a spinner meanwhile), saves them, and stops the load when left', async () => {
    const { calls, call } = pendingCalls();
    const post = vi.fn().mockResolvedValue({});
    const view = show({ get: call, post });
    expect(screen.getByLabelText(messages['app.loading'])).toBeTruthy();
    expect(calls[0].args).toEqual(['unsubscribe/a%40b.test', { params: { signature: 'sig' }, silent: true, signal: expect.any(AbortSignal) }]);
    await act(async () => calls[0].resolve({ data: { notifications_about_ad_actions: true, notifications_about_campaign_actions: false } }));
    const ads = screen.getByLabelText(messages['unsubscribe.notifications_about_ad_actions']) as HTMLInputElement;
    expect(ads.checked).toBe(true);
    await act(async () => ads.click());
    await act(async () => screen.getByRole('button', { name: messages['unsubscribe.save'] }).click());
    expect(post).toHaveBeenCalledWith('unsubscribe/a%40b.test', { notifications_about_ad_actions: false, notifications_about_campaign_actions: false }, { params: { signature: 'sig' }, silent: true });
    expect(screen.getByRole('status').textContent).toBe(messages['unsubscribe.saved']);
    view.unmount();

    const again = pendingCalls();
    show({ get: again.call, post }).unmount();
    expect(again.calls[0].signal?.aborted).toBe(true);
  });

  it('says the link is bad when the server refuses it (403), and that loading failed otherwise', async () => {
    show({ get: vi.fn().mockRejectedValue(new ApiError('Forbidden', 403, null)) });
    expect((await screen.findByRole('alert')).textContent).toBe(messages['unsubscribe.badLink']);
    expect(screen.queryByLabelText(messages['unsubscribe.notifications_about_ad_actions'])).toBeNull();
  });

  it('says that loading failed for any other failure', async () => {
    show({ get: vi.fn().mockRejectedValue(new ApiError('Oops', 500, null)) });
    expect((await screen.findByRole('alert')).textContent).toBe(messages['unsubscribe.loadFailed']);
  });
});
