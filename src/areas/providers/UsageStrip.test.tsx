import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en/providers.json';
import de from '../../locales/de/providers.json';
import type { ProvidersSubscriptionAnswer } from '../../../generated/types';
import { RootStore } from '../../app/RootStore';
import { StoreContext } from '../../app/context';
import { limitInView } from './UsageChart';
import { UsagePanel, UsageStrip } from './UsageStrip';

const subscription = (status: ProvidersSubscriptionAnswer['status'], providers: number, rps: number): ProvidersSubscriptionAnswer => ({
  id: 1,
  paid_until: '2026-07-01T00:00:00.000Z',
  status,
  grace_until: status === 'past_due' ? '2026-06-04T00:00:00.000Z' : null,
  usage: { providers, requests_per_second: rps },
  created_at: '2026-05-01T00:00:00.000Z',
  plan: {
    id: 2, name: 'Growth', description: '', price: '149.00', currency: 'USD', billing_period_days: 30, max_providers: 10, max_requests_per_second: 5000,
    allow_disabling_main_provider: true, allow_private_ssp_formats: false, text_color: '#1c6e42', status: 'active',
    translations: [{ locale: 'en', name: 'Growth', description: '' }, { locale: 'de', name: 'Wachstum', description: '' }],
  },
});

const show = (value: ProvidersSubscriptionAnswer | null, locale = 'en', messages: Record<string, string> = en) =>
  render(
    <IntlProvider locale={locale} messages={messages}>
      <MemoryRouter>
        <UsageStrip subscription={value} />
      </MemoryRouter>
    </IntlProvider>,
  );

afterEach(cleanup);

describe('UsageStrip', () => {
  it('shows each limit as text and as a bar named by that text, the plan linking to the plans page', () => {
    show(subscription('active', 3, 1200));
    const strip = screen.getByTestId('providers-usage');
    expect(strip.textContent).toContain('Providers: 3 of 10');
    expect(strip.textContent).toContain('Requests per second: 1,200 of < 5,000');
    const count = screen.getByRole('progressbar', { name: 'Providers: 3 of 10' });
    expect(count.getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByRole('progressbar', { name: 'Requests per second: 1,200 of < 5,000' }).getAttribute('aria-valuenow')).toBe('24');
    expect(screen.getByRole('link', { name: 'Plan: Growth' }).getAttribute('href')).toBe('/providers-subscription');
    expect(within(strip).queryByRole('status')).toBeNull();
  });

  it('colours a limit reached as danger and one nearly reached as warning', () => {
    show(subscription('active', 10, 4600));
    expect(screen.getByRole('progressbar', { name: /^Providers/ }).className).toMatch(/intent-danger/);
    expect(screen.getByRole('progressbar', { name: /^Requests/ }).className).toMatch(/intent-warning/);
  });

  it('says when a past-due plan pauses the providers, with a way to add funds, in the reader’s language', () => {
    show(subscription('past_due', 1, 100), 'de', de);
    expect(screen.getByRole('link', { name: 'Tarif: Wachstum' })).toBeTruthy();
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('04.06.2026');
    expect(within(note).getByRole('link', { name: 'Guthaben aufladen' }).getAttribute('href')).toBe('/add-funds');
  });

  it('without a plan, says the providers need one and links to the plans', () => {
    show(null);
    expect(screen.getByTestId('providers-usage').textContent).toContain('Your providers need a plan');
    expect(screen.getByRole('button', { name: 'Choose a plan' }).getAttribute('href')).toBe('/providers-subscription');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('UsagePanel', () => {
  it('reads the usage again when the providers list changed, showing the last answer meanwhile', async () => {
    const stores = new RootStore({ notify: () => {}, report: () => {} });
    const answers = [subscription('active', 2, 4500), subscription('active', 1, 2000)];
    let release = () => {};
    const gets: string[] = [];
    vi.spyOn(stores.api, 'request').mockImplementation(async (config) => {
      gets.push(String(config.url));
      const data = answers[gets.length - 1];
      if (gets.length > 1) await new Promise<void>((resolve) => (release = resolve));
      return { data: { data }, status: 200, headers: {} } as never;
    });
    const panel = (changes: number) => (
      <StoreContext.Provider value={stores}>
        <IntlProvider locale="en" messages={en}>
          <MemoryRouter>
            <UsagePanel changes={changes} />
          </MemoryRouter>
        </IntlProvider>
      </StoreContext.Provider>
    );
    const view = render(panel(0));
    expect((await screen.findByTestId('providers-usage')).textContent).toContain('Providers: 2 of 10');
    view.rerender(panel(1));
    await waitFor(() => expect(gets).toEqual(['traffic-provider-subscriptions', 'traffic-provider-subscriptions']));
    expect(screen.getByTestId('providers-usage').textContent).toContain('Providers: 2 of 10');
    release();
    await waitFor(() => expect(screen.getByTestId('providers-usage').textContent).toContain('Providers: 1 of 10'));
    stores.session.dispose();
  });
});

describe('limitInView', () => {
  it('draws the limit while the busiest day reaches a tenth of it, never a missing or zero limit', () => {
    expect(limitInView(500, 5000)).toBe(true);
    expect(limitInView(499.99, 5000)).toBe(false);
    expect(limitInView(5, 5000)).toBe(false);
    expect(limitInView(5, null)).toBe(false);
    expect(limitInView(5, 0)).toBe(false);
  });
});
