import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../engine/api';
import app from '../../locales/en/app.json';
import ads from '../../locales/en/ads.json';
import ru from '../../locales/ru/ads.json';
import { AdStatistics } from './AdStatistics';
import { adTotals } from './adStatisticsTotals';

const TODAY = '2026-11-20';
const day = (date: string, impressions: number, clicks: number, conversions: number, cost: string) => ({ date, impressions, clicks, conversions, cost, ctr: '0', payouts: '0.00', video_views: 0 });
const series = [day('2026-11-18', 1000, 10, 1, '1.2345'), day('2026-11-19', 3000, 20, 0, '2.0050'), day('2026-11-20', 0, 0, 0, '0.0000')];

function show(get: (path: string, options: { params: Record<string, unknown> }) => Promise<unknown>, locale = 'en') {
  const api = { get: vi.fn(get) } as unknown as ApiClient;
  render(
    <IntlProvider locale={locale} messages={{ ...app, ...(locale === 'ru' ? ru : ads) }}>
      <MemoryRouter>
        <AdStatistics api={api} adId={42} money={(v) => `$${v}`} today={TODAY} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return api.get as unknown as ReturnType<typeof vi.fn>;
}

describe('AdStatistics', () => {
  it("asks the statistics call for the ad's last 14 days and shows its totals, spend as money", async () => {
    const get = show(async () => ({ data: [], series }));
    const tiles = await screen.findByRole('group', { name: 'Metric shown in the chart' });
    expect(get).toHaveBeenCalledWith('campaign-statistics', expect.objectContaining({ params: { start_date: '2026-11-06', end_date: TODAY, group: 'date', ads: [42] }, silent: true }));
    expect(within(tiles).getAllByRole('button').map((b) => b.textContent)).toEqual(['Impressions4,000', 'Clicks30', 'CTR0.75%', 'Conversions1', 'Spend$3.24']);
    expect(screen.getByRole('img', { name: 'Impressions per day, last 14 days' })).toBeTruthy();
    // The link opens the statistics screen filtered to the ad, same range.
    expect(screen.getByRole('button', { name: 'Open in statistics' }).getAttribute('href')).toBe(`/campaign-statistics?group=date&start=2026-11-06&end=${TODAY}&ads=42&metric=impressions`);
  });

  it('picks the chart’s metric by keyboard', async () => {
    show(async () => ({ data: [], series }));
    const clicks = await screen.findByRole('button', { name: /^Clicks/ });
    expect(clicks.getAttribute('aria-pressed')).toBe('false');
    clicks.focus();
    await userEvent.keyboard('{Enter}');
    expect(clicks.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'Clicks per day, last 14 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open in statistics' }).getAttribute('href')).toMatch(/metric=clicks$/);
  });

  it('says so when the ad has no impressions yet, in the user’s language', async () => {
    show(async () => ({ data: [], series: series.map((p) => ({ ...p, impressions: 0, clicks: 0, conversions: 0, cost: '0.0000' })) }), 'ru');
    expect(await screen.findByText('Показов пока нет')).toBeTruthy();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('keeps a failure in the card, with a retry', async () => {
    let fail = true;
    show(async () => {
      if (fail) throw new Error('down');
      return { data: [], series };
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The statistics could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Metric shown in the chart' })).toBeTruthy();
  });
});

describe('adTotals', () => {
  it('sums exactly: spend to 2 decimals half up, CTR as clicks per impression', () => {
    expect(adTotals(series)).toEqual({ impressions: 4000, clicks: 30, conversions: 1, ctr: 0.0075, spend: '3.24' });
    expect(adTotals([day('2026-11-20', 0, 0, 0, '0.0050')])).toEqual({ impressions: 0, clicks: 0, conversions: 0, ctr: 0, spend: '0.01' });
    expect(adTotals([])).toMatchObject({ spend: '0.00', ctr: 0 });
  });
});
