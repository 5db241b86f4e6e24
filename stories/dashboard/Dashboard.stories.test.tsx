import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as stories from './Dashboard.stories';
import { STORY_CAMPAIGNS, STORY_HOME } from './dashboardTransport';

const { Advertiser, NewUser, PanelFailures } = composeStories(stories);
const SLOW = 20_000;

describe('Pages/Dashboard', () => {
  it('shows the balance as "-" until GET home answers, then the figures with the currency sign', { timeout: SLOW }, async () => {
    render(<Advertiser latencyMs={150} />);
    expect(screen.getByTestId('dashboard-balance').textContent).toBe('-');
    expect(screen.getByTestId('dashboard-reserved').textContent).toBe('-');
    await waitFor(() => expect(screen.getByTestId('dashboard-balance').textContent).toBe('$2,480.35'), { timeout: 5000 });
    expect(screen.getByTestId('dashboard-reserved').textContent).toBe('$310.00');
    expect(screen.getByTestId('cost-today').textContent).toBe('$48.13');
    expect(screen.getByTestId('cost-previousMonth').textContent).toBe('$3,904.20');
    expect(screen.getByTestId('campaigns-total').textContent).toBe(String(STORY_HOME.campaigns_total));
  });

  it('links each campaign count to the campaigns it counts', { timeout: SLOW }, async () => {
    render(<Advertiser latencyMs={0} />);
    await waitFor(() => expect(screen.getByTestId('campaigns-active').textContent).toBe('5'));
    const link = (id: string) => screen.getByTestId(id).closest('a')?.getAttribute('href');
    expect(link('campaigns-active')).toBe('/campaigns?status=active');
    expect(link('campaigns-paused')).toBe('/campaigns?status=paused');
    expect(link('campaigns-pending')).toBe('/campaigns?approval=pending');
    expect(link('campaigns-total')).toBe('/campaigns');
  });

  it('draws the last 14 days, switches the metric, and lists the campaigns', { timeout: SLOW }, async () => {
    render(<Advertiser latencyMs={0} />);
    const chart = screen.getByTestId('dashboard-chart');
    await within(chart).findByRole('img', { name: /^Cost per day/ }, { timeout: 5000 });
    // The hidden table of the chart: one row per day, 15 days from 14 days ago to today.
    await waitFor(() => expect(chart.querySelectorAll('table tbody tr')).toHaveLength(15));
    fireEvent.click(within(chart).getByRole('radio', { name: 'Impressions' }));
    await within(chart).findByRole('img', { name: /^Impressions per day/ });
    // A RouterAnchorButton: a real link, announced as a button.
    expect((await within(chart).findByRole('button', { name: 'Open statistics' })).getAttribute('href')).toBe('/campaign-statistics');

    const table = screen.getByTestId('dashboard-campaigns');
    await within(table).findByRole('link', { name: STORY_CAMPAIGNS[0].name }, { timeout: 5000 });
    expect(within(table).queryByRole('checkbox')).toBeNull();
    // Hints from GET campaign-tooltips: a warning next to the campaign's name, its text as the label.
    expect(await within(table).findByLabelText('Its daily limit of $50.00 is reached: it buys again tomorrow.')).toBeTruthy();
    expect(within(table).getByLabelText('Wins only 12.5% of its auctions: a higher price would buy more traffic.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toMatch(/^\$[\d,]+\.\d{2}$/));
  });

  it('offers a new user to create a first campaign instead of an empty chart and table', { timeout: SLOW }, async () => {
    render(<NewUser latencyMs={0} />);
    const empty = await screen.findByTestId('dashboard-empty', {}, { timeout: 5000 });
    expect(within(empty).getByRole('button', { name: 'Create a campaign' }).getAttribute('href')).toBe('/campaigns/create');
    expect(screen.queryByTestId('dashboard-chart')).toBeNull();
    expect(screen.queryByTestId('dashboard-campaigns')).toBeNull();
    expect(screen.getByTestId('dashboard-balance').textContent).toBe('$100.00');
  });

  it('shows why a panel failed and retries it alone', { timeout: SLOW }, async () => {
    render(<PanelFailures latencyMs={0} />);
    const week = screen.getByTestId('week-spend');
    await within(week).findByText(/Weekly spend is not available right now/, {}, { timeout: 5000 });
    const chart = screen.getByTestId('dashboard-chart');
    await within(chart).findByText(/Statistics are being recalculated/);
    // The figures did not fail.
    await waitFor(() => expect(screen.getByTestId('dashboard-balance').textContent).toBe('$2,480.35'));
    fireEvent.click(within(week).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(week).getByTestId('week-total').textContent).toMatch(/^\$/));
    fireEvent.click(within(chart).getByRole('button', { name: 'Try again' }));
    await within(chart).findByRole('img', { name: /^Cost per day/ });
  });
});
