import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as stories from './Marketplace.stories';
import { storyDeal } from './Marketplace.stories';
import { isPriced, priceOf } from '../../server/areas/marketplace/pricing';
import { STORY_MARKETPLACE } from './marketplaceTransport';

const { Marketplace, DealsFail, NoReports, SiteDeal, CountryPackage, Apply } = composeStories(stories);
const SLOW = 20_000;
const WAIT = { timeout: 5000 };

const dealList = () => document.querySelector('section[aria-labelledby="marketplace-deals-title"]') as HTMLElement;

describe('Pages/Marketplace', () => {
  it('lists the recorded sites beside their deals, and a card leads to its deal', { timeout: SLOW }, async () => {
    render(<Marketplace latencyMs={0} />);
    const first = STORY_MARKETPLACE.sites[0];
    expect(await screen.findByRole('button', { name: `Site report of ${first.domain}` }, WAIT)).toBeTruthy();
    const cards = await waitFor(() => {
      const links = within(dealList()).getAllByRole('link');
      expect(links.length).toBe(15);
      return links;
    }, WAIT);
    expect(cards[0].getAttribute('href')).toMatch(/^\/flat-deal\/\d+$/);
    // Prices in the network's currency, countries by name (never an unknown id as "#840").
    await waitFor(() => expect(cards.every((card) => /\$\d/.test(card.textContent ?? '') && !/#\d/.test(card.textContent ?? ''))).toBe(true), WAIT);
    fireEvent.click(cards[0]);
    expect(await screen.findByTestId('deal-price', {}, WAIT)).toBeTruthy();
  });

  it('opens a site report with its figures, and a report that knows nothing shows a dash for each', { timeout: SLOW }, async () => {
    const site = STORY_MARKETPLACE.sites[0];
    const { unmount } = render(<Marketplace latencyMs={0} />);
    fireEvent.click(await screen.findByRole('button', { name: `Site report of ${site.domain}` }, WAIT));
    const report = await screen.findByRole('article', { name: site.domain }, WAIT);
    expect(within(report).getByText('Top countries')).toBeTruthy();
    expect(within(report).queryAllByText('—').length).toBeLessThan(3);
    unmount();

    render(<NoReports latencyMs={0} />);
    fireEvent.click(await screen.findByRole('button', { name: `Site report of ${site.domain}` }, WAIT));
    const empty = await screen.findByRole('article', { name: site.domain }, WAIT);
    expect(within(empty).getAllByText('—').length).toBeGreaterThanOrEqual(8);
  });

  it('says when the deals could not be loaded, and loads them on retry', { timeout: SLOW }, async () => {
    render(<DealsFail latencyMs={0} />);
    expect(await screen.findByText('The deals could not be loaded.', {}, WAIT)).toBeTruthy();
    fireEvent.click(within(dealList()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dealList()).getAllByRole('link').length).toBeGreaterThan(0), WAIT);
  });

  it('prices a site deal by the server’s rules as the amount changes, and marks an amount out of its range', { timeout: SLOW }, async () => {
    const deal = storyDeal('site');
    const limit = deal.limits.find((l) => l.limit_type === deal.limit_type)!;
    const listed = priceOf({ limits: deal.limits, volumeDiscounts: deal.volume_discounts }, deal.limit_type, deal.limit_value);
    const doubled = priceOf({ limits: deal.limits, volumeDiscounts: deal.volume_discounts }, deal.limit_type, Math.min(limit.max_value, deal.limit_value * 2));
    render(<SiteDeal latencyMs={0} />);
    const price = await screen.findByTestId('deal-price', {}, WAIT);
    const dollars = (quote: typeof listed) => `$${Number(isPriced(quote) && quote.price).toLocaleString('en', { minimumFractionDigits: 2 })}`;
    await waitFor(() => expect(price.textContent).toContain(dollars(listed)), WAIT);
    const amount = screen.getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: String(Math.min(limit.max_value, deal.limit_value * 2)) } });
    await waitFor(() => expect(price.textContent).toContain(dollars(doubled)), WAIT);
    fireEvent.change(amount, { target: { value: String(limit.max_value + 1) } });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(`From ${limit.min_value.toLocaleString('en')} to ${limit.max_value.toLocaleString('en')}`)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Similar deals' }, WAIT)).toBeTruthy();
  });

  it('shows a country package without a site report', { timeout: SLOW }, async () => {
    const deal = storyDeal('country-group');
    render(<CountryPackage latencyMs={0} />);
    expect(await screen.findByRole('heading', { name: deal.name }, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('deal-price').textContent).toMatch(/\$[\d,]+\.\d{2}/), WAIT);
  });

  it('applies for a deal and shows the application it made', { timeout: SLOW }, async () => {
    render(<Apply latencyMs={0} />);
    await waitFor(() => expect(screen.getByTestId('offer-price').textContent).toMatch(/^Price of this package: \$/), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Your application is sent', {}, WAIT)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'FD-1001' }, WAIT)).toBeTruthy();
    expect(screen.getAllByText('Pending review').length).toBeGreaterThan(0);
  });
});
