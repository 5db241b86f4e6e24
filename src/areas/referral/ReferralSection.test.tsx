import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { ValidationError } from '../../../engine/api/errors';
import type { RequestConfig } from '../../../engine/api/ApiClient';
import type { Referral, ReferralProgram, ReferralStatistics } from '../../../generated/types';
import { RootStore } from '../../app/RootStore';
import { StoreContext } from '../../app/context';
import { loadMessages, type CompiledMessages } from '../../i18n';
import { ReferralSection } from './public';

/** The server's clock: the default range is the 30 days up to this (UTC) day. */
const SERVER_TIME = '2026-11-20T10:00:00.000Z';
const PROGRAM: ReferralProgram = { code: 'abcdefgh23', link: 'https://panel.example.test/register?ref=abcdefgh23', percent: '5', referrals: 3, earned: '12.50' };
const REFERRAL: Referral = { id: 7, email: 'a***@example.com', joined_at: '2026-11-02T08:00:00.000Z', status: 'confirmed', spent: '250.00', earned: '12.50' };
const TOTALS = { referrals: 2, spent: '250.00', earned: '12.50' };
const ROWS: Record<string, ReferralStatistics['rows']> = {
  day: [
    { key: '2026-11-02', label: '2026-11-02', referrals: 1, spent: '100.00', earned: '5.00' },
    { key: '2026-11-03', label: '2026-11-03', referrals: 2, spent: '150.00', earned: '7.50' },
  ],
  month: [{ key: '2026-11', label: '2026-11', referrals: 2, spent: '250.00', earned: '12.50' }],
  referral: [{ key: '7', label: 'a***@example.com', referrals: 1, spent: '250.00', earned: '12.50' }],
};

let messages: CompiledMessages;
let stores: RootStore;
beforeAll(async () => {
  messages = await loadMessages('en', ['guest', 'panel']);
});
afterEach(() => {
  cleanup();
  stores?.session.dispose();
  vi.restoreAllMocks();
});

interface Serve {
  /** The network's guard sections. */
  sections?: string[];
  /** What the statistics answer: its rows by grouping, or an error to throw. */
  statistics?: (groupBy: string) => ReferralStatistics | Error;
}

/** The query string of a call, as the browser would send it. */
const query = (call: RequestConfig) => new URLSearchParams(call.params as Record<string, string>).toString();

/** The referral calls answered from memory, the network and the server clock loaded first, as the shell does. */
async function serve({ sections = ['Referral', 'Dashboard'], statistics = (groupBy) => ({ rows: ROWS[groupBy], totals: TOTALS }) }: Serve = {}) {
  const calls: RequestConfig[] = [];
  stores = new RootStore({ notify: () => {}, report: () => {} });
  vi.spyOn(stores.api, 'request').mockImplementation(async (config) => {
    const answer = (body: unknown) => ({ data: body, status: 200, headers: {} }) as never;
    const { url } = config;
    if (url === 'network') return answer({ data: { id: 'n', name: 'Net', guardSections: sections, settings: { payments: { showCurrencySign: true, currencySign: '$' } } } });
    if (url === 'settings') return answer({ data: { server_time: SERVER_TIME } });
    calls.push(config);
    if (url === 'referral-program') return answer({ data: PROGRAM });
    if (url === 'referral-program/referrals') return answer({ data: [REFERRAL], recordsFiltered: 1 });
    if (url === 'referral-program/statistics') {
      const result = statistics((config.params as { groupBy: string }).groupBy);
      if (result instanceof Error) throw result;
      return answer({ data: result });
    }
    throw new Error(`unexpected call ${url}`);
  });
  await Promise.all([stores.network.load(), stores.settings.load()]);
  render(
    <StoreContext.Provider value={stores}>
      <IntlProvider locale="en" messages={messages} onError={() => {}}>
        <MemoryRouter initialEntries={['/personal']}>
          <ReferralSection />
        </MemoryRouter>
      </IntlProvider>
    </StoreContext.Provider>,
  );
  return calls;
}

const statisticsCalls = (calls: RequestConfig[]) => calls.filter((c) => c.url === 'referral-program/statistics').map(query);

describe('ReferralSection', () => {
  it('shows the link to copy, the terms, the referrals and what they earned, and lists the referrals', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
    await serve();
    const link = await screen.findByRole('textbox', { name: 'Your referral link' });
    expect((link as HTMLInputElement).value).toBe(PROGRAM.link);
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Your referral link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PROGRAM.link));
    expect(screen.getByText('You earn 5% of what your referrals spend on campaigns, credited as their spend is charged.')).toBeTruthy();
    expect(screen.getByTestId('referral-count').textContent).toBe('3');
    expect(screen.getByTestId('referral-earned').textContent).toBe('$12.50');
    // The referrals resource's hosted list, with its status translated.
    const list = await screen.findByRole('region', { name: 'Referrals' });
    expect(await within(list).findByText('a***@example.com')).toBeTruthy();
    expect(within(list).getByText('Confirmed')).toBeTruthy();
  });

  it('asks for the last 30 days by day, shows the totals, and asks again by the grouping chosen', async () => {
    const calls = await serve();
    const totals = await screen.findByTestId('referral-statistics-totals');
    expect(statisticsCalls(calls)).toEqual(['startDate=2026-10-22&endDate=2026-11-20&groupBy=day']);
    expect(totals.textContent).toBe('Total' + '2' + '$250.00' + '$12.50');
    const table = screen.getByTestId('referral-statistics-table');
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DayReferrals who spentSpentEarned',
      'Nov 2, 20261$100.00$5.00',
      'Nov 3, 20262$150.00$7.50',
      'Total2$250.00$12.50',
    ]);
    // Intl puts thin spaces around the dash of a range.
    expect(screen.getByRole('img', { name: /^Commissions earned per day, Oct 22\s–\sNov 20, 2026$/ })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'month' } });
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Month' })).toBeTruthy());
    // The chart stays by day: only the table's grouping is asked for.
    expect(statisticsCalls(calls)).toEqual(['startDate=2026-10-22&endDate=2026-11-20&groupBy=day', 'startDate=2026-10-22&endDate=2026-11-20&groupBy=month']);
    expect(screen.getByRole('rowheader', { name: 'November 2026' })).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'referral' } });
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'a***@example.com' })).toBeTruthy());
    expect(statisticsCalls(calls).at(-1)).toBe('startDate=2026-10-22&endDate=2026-11-20&groupBy=referral');
    // Back to days: the answer by day is still the range's.
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'day' } });
    expect(screen.getByRole('columnheader', { name: 'Day' })).toBeTruthy();
    expect(statisticsCalls(calls)).toHaveLength(3);
  });

  it('asks for the days of a quick range, and for two dates the user picked', async () => {
    const calls = await serve();
    await screen.findByTestId('referral-statistics-totals');
    fireEvent.click(screen.getByRole('radio', { name: 'Last month' }));
    await waitFor(() => expect(statisticsCalls(calls).at(-1)).toBe('startDate=2026-10-01&endDate=2026-10-31&groupBy=day'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-05' } });
    expect(screen.getByRole('alert').textContent).toBe('The end date is before the start date.');
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(statisticsCalls(calls).at(-1)).toBe('startDate=2026-11-10&endDate=2026-11-12&groupBy=day'));
    expect(screen.getByRole('radio', { name: 'Last month' }).getAttribute('aria-checked')).toBe('false');
  });

  it('says when no commission was earned in the days', async () => {
    await serve({ statistics: () => ({ rows: [], totals: { referrals: 0, spent: '0.00', earned: '0.00' } }) });
    expect(await screen.findByText('No commissions in these days')).toBeTruthy();
    expect(screen.queryByTestId('referral-statistics-table')).toBeNull();
  });

  it('says why the statistics failed and loads them again on retry', async () => {
    let refuse = true;
    await serve({ statistics: (groupBy) => (refuse ? new ValidationError({ endDate: ['Choose at most 366 days.'] }, 422) : { rows: ROWS[groupBy], totals: TOTALS }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The commissions could not be loaded.');
    expect(alert.textContent).toContain('Choose at most 366 days.');
    refuse = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('referral-statistics-totals')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('forgets a grouping’s failure once the user groups by day again', async () => {
    await serve({ statistics: (groupBy) => (groupBy === 'month' ? new Error('down') : { rows: ROWS[groupBy], totals: TOTALS }) });
    await screen.findByTestId('referral-statistics-totals');
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'month' } });
    expect((await screen.findByRole('alert')).textContent).toContain('The commissions could not be loaded.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'day' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('referral-statistics-totals')).toBeTruthy();
  });

  it('is not shown, and asks nothing, on a network without the Referral section', async () => {
    const calls = await serve({ sections: ['Dashboard', 'Providers'] });
    // Let any effect that would load run first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Referral program' })).toBeNull();
    expect(document.body.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});
