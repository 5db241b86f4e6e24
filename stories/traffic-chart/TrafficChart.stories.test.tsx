import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EstimateRequest } from '../campaigns/trafficEstimate';
import * as stories from './TrafficChart.stories';

const { Default, UpdateFails } = composeStories(stories);
const SLOW = 20_000;

const tableRows = () => document.querySelectorAll('[aria-labelledby="traffic-table-title"] tbody tr');
const checked = () => screen.getByRole('radiogroup', { name: 'Pricing model' }).querySelector('[aria-checked="true"]')?.textContent;

describe('Pages/Traffic chart', () => {
  it('loads the countries’ traffic for the first format and draws the top ones', { timeout: SLOW }, async () => {
    render(<Default latencyMs={0} />);
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(3), { timeout: 5000 });
    expect((screen.getByLabelText('Ad format') as HTMLSelectElement).value).toBe('popunder');
    expect(checked()).toBe('CPM');
    const chart = screen.getByTestId('traffic-chart');
    await waitFor(() => expect(chart.getAttribute('aria-busy')).toBe('false'));
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toMatch(/^Impressions per day by country: \w/);
    expect(Number(screen.getByTestId('traffic-total-countries').textContent?.replace(/\D/g, ''))).toBeGreaterThan(15);
  });

  it('resets the pricing model to the format’s first allowed one, and asks again after every change', { timeout: SLOW }, async () => {
    const bodies: EstimateRequest[] = [];
    render(<Default latencyMs={0} onTrafficRequest={(body) => bodies.push(body)} />);
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(3), { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Ad format'), { target: { value: 'banner' } });
    expect(checked()).toBe('CPM');
    fireEvent.click(screen.getByRole('radio', { name: 'CPC' }));
    expect(checked()).toBe('CPC');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ ad_format_id: 'banner', pricing_model: 'cpc' }), { timeout: 3000 });
    // Popunder is sold by CPM only among the chart's models: CPC is not kept.
    fireEvent.change(screen.getByLabelText('Ad format'), { target: { value: 'popunder' } });
    expect(checked()).toBe('CPM');
    expect(screen.queryByRole('radio', { name: 'CPC' })).toBeNull();
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ ad_format_id: 'popunder', pricing_model: 'cpm' }), { timeout: 3000 });
  });

  it('shows the premium site picker only while premium sites are on, and sends them as the site target', { timeout: SLOW }, async () => {
    const bodies: EstimateRequest[] = [];
    render(<Default latencyMs={0} onTrafficRequest={(body) => bodies.push(body)} />);
    const premium = await screen.findByRole('switch', { name: 'Premium sites only' }, { timeout: 5000 });
    fireEvent.click(premium);
    expect(screen.getByRole('combobox', { name: 'Premium sites' })).toBeTruthy();
    await waitFor(() => expect(bodies.at(-1)?.targets).toEqual({ site: { accept: true, premium: true, premium_sites: [] } }), { timeout: 3000 });
    fireEvent.click(premium);
    expect(screen.queryByRole('combobox', { name: 'Premium sites' })).toBeNull();
    await waitFor(() => expect(bodies.at(-1)?.targets).toEqual({}), { timeout: 3000 });
  });

  it('names a malformed price and leaves it out of the request', { timeout: SLOW }, async () => {
    const bodies: EstimateRequest[] = [];
    render(<Default latencyMs={0} onTrafficRequest={(body) => bodies.push(body)} />);
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(3), { timeout: 5000 });
    const price = screen.getByLabelText(/^Price/);
    fireEvent.change(price, { target: { value: '1.23456' } });
    expect(screen.getByText(/Enter a price such as/)).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(price, { target: { value: '2.5' } });
    await waitFor(() => expect(bodies.at(-1)?.price).toBe('2.5'), { timeout: 3000 });
    expect(bodies.some((b) => b.price === '1.23456')).toBe(false);
    await within(screen.getByTestId('traffic-chart')).findByText('Won at your price');
  });

  it('empties the list when an update fails, says why, and retries', { timeout: SLOW }, async () => {
    render(<UpdateFails latencyMs={0} />);
    const error = await screen.findByTestId('traffic-error', {}, { timeout: 5000 });
    expect(error.textContent).toMatch(/Traffic statistics are being rebuilt/);
    expect(tableRows()).toHaveLength(0);
    expect(screen.queryByTestId('traffic-chart')).toBeNull();
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(3), { timeout: 5000 });
    expect(screen.queryByTestId('traffic-error')).toBeNull();
  });
});
