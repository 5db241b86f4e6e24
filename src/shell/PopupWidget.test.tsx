import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntlProvider } from 'react-intl';
import { runInAction } from 'mobx';
import { RootStore } from '../app/RootStore';
import { StoreContext } from '../app/context';
import { PopupWidget, POPUP_SEEN_KEY } from './PopupWidget';

const banners = { en: { image: '/network-assets/adnet/promo-en.svg', url: 'https://adnet.example.com/promo', alt: 'Bonus on your first deposit' } };

function show() {
  const stores = new RootStore({ notify: () => {}, report: () => {} });
  runInAction(() => (stores.network.settings = { id: 'adnet', name: 'AdNet', settings: { popupWidget: { enabled: true, delaySeconds: 20, banners } } } as never));
  return render(
    <StoreContext.Provider value={stores}>
      <IntlProvider locale="en" messages={{ 'shell.popup.label': 'Promotion', 'shell.popup.close': 'Close the promotion' }}>
        <PopupWidget />
      </IntlProvider>
    </StoreContext.Provider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('PopupWidget', () => {
  it('shows the banner after the delay, once per session, and closes', () => {
    vi.useFakeTimers();
    const view = show();
    act(() => void vi.advanceTimersByTime(19_000));
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull();
    act(() => void vi.advanceTimersByTime(1_000));
    const popup = screen.getByRole('complementary', { name: 'Promotion' });
    expect(popup.querySelector('a')?.getAttribute('href')).toBe('https://adnet.example.com/promo');
    expect(screen.getByAltText('Bonus on your first deposit')).toBeTruthy();
    expect(sessionStorage.getItem(POPUP_SEEN_KEY)).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Close the promotion' }));
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull();

    // Another page load in the same session: not again.
    view.unmount();
    show();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).toBeNull();
  });
});
