import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/providers.json';
import de from '../../locales/de/providers.json';
import type { ProvidersSubscriptionAnswer } from '../../../generated/types';
import { UsageStrip } from './UsageStrip';

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
