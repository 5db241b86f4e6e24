import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Classes } from '@blueprintjs/core';
import { MemoryRouter } from 'react-router';
import { ApiError, ValidationError } from '../../../engine/api/errors';
import type { RequestConfig } from '../../../engine/api/ApiClient';
import type { Conversion, ConversionType, Tracking } from '../../../generated/types';
import { RootStore } from '../../app/RootStore';
import { StoreContext } from '../../app/context';
import { settleToasts } from '../../app/toast';
import { loadMessages, type CompiledMessages } from '../../i18n';
import TrackingPage from './TrackingPage';

const KEY = 'trk_0123456789abcdef01234567';
const MACROS = 'click_id={click_id}&payout={payout}&conversion_type={conversion_type}';
const TRACKING: Tracking = {
  postback_url: `https://track.adnet.example.com/postback?key=${KEY}&${MACROS}`,
  pixel_url: `https://track.adnet.example.com/pixel.gif?key=${KEY}&${MACROS}`,
  attribution_days: 30,
  click_macro: '{click_id}',
};
const TYPES: ConversionType[] = [
  { id: 'lead', name: 'Lead', repeatable: false },
  { id: 'sale', name: 'Sale', repeatable: true },
];
const CLICK = '1a2b.AbCdEfGhIjKlMnOp';

/** What the fake server does with a test conversion: answer with a status, or refuse as the server does. */
type TestAnswer = Conversion['status'] | 'no-clicks' | 'invalid';

let messages: CompiledMessages;
let stores: RootStore;
beforeAll(async () => {
  messages = await loadMessages('en', ['guest', 'panel']);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  stores?.session.dispose();
  await settleToasts();
});

/**
 * The tracking calls answered from memory (a test conversion adds a row to the list, as the server does), the page
 * shown in English. `tracking` fails the first GET tracking with a 500 when it is 'fails once'.
 */
function serve({ tracking = TRACKING as Tracking | 'fails once', test = 'accepted' as TestAnswer } = {}) {
  const calls: RequestConfig[] = [];
  const rows: Conversion[] = [];
  let trackingFailed = false;
  stores = new RootStore({ notify: () => {}, report: () => {} });
  vi.spyOn(stores.api, 'request').mockImplementation(async (config) => {
    calls.push(config);
    const answer = (body: unknown, status = 200) => ({ data: body, status, headers: {} }) as never;
    const { method, url } = config;
    if (method === 'GET' && url === 'tracking') {
      if (tracking === 'fails once' && !trackingFailed) {
        trackingFailed = true;
        throw new ApiError('Something went wrong. Please try again.', 500, null);
      }
      return answer({ data: tracking === 'fails once' ? { ...TRACKING, pixel_url: null } : tracking });
    }
    if (url === 'conversion-types') return answer({ data: TYPES });
    if (url === 'campaigns') return answer({ data: [{ id: 7, name: 'Spring sale' }], recordsFiltered: 1 });
    if (method === 'GET' && url === 'tracking/conversions') return answer({ data: rows, recordsFiltered: rows.length });
    if (method === 'POST' && url === 'tracking/test-conversion') {
      if (test === 'no-clicks') {
        const message = 'This campaign has no clicks yet: a conversion belongs to a click, so send the test once it has one.';
        throw new ApiError(message, 409, { message });
      }
      if (test === 'invalid') throw new ValidationError({ payout: ['The payout must be a decimal such as 12.50.'] }, 422);
      const body = config.data as { campaign_id: number; conversion_type: string; payout: string };
      const row: Conversion = {
        id: rows.length + 1, received_at: '2026-05-04T10:00:00.000Z', status: test, source: 'test', conversion_type: body.conversion_type,
        payout: body.payout, click_id: CLICK, campaign_id: body.campaign_id, campaign_name: 'Spring sale',
      };
      rows.unshift(row);
      return answer({ data: row }, 201);
    }
    throw new ApiError('Not found', 404, null);
  });
  render(
    <StoreContext.Provider value={stores}>
      <IntlProvider locale="en" messages={messages} onError={() => {}}>
        <MemoryRouter initialEntries={['/tracking']}>
          <TrackingPage />
        </MemoryRouter>
      </IntlProvider>
    </StoreContext.Provider>,
  );
  return { calls, rows };
}

const listCalls = (calls: RequestConfig[]) => calls.filter((c) => c.method === 'GET' && c.url === 'tracking/conversions').length;

/** Chooses a lookup option the way a user does: opens the field's list and picks the option. */
async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(await screen.findByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills the test conversion form: the campaign, the type and the payout. */
async function fillTest(user: ReturnType<typeof userEvent.setup>, payout: string) {
  await choose(user, /^Campaign/, 'Spring sale');
  await choose(user, /^Conversion type/, 'Sale');
  const field = screen.getByLabelText(/^Payout/);
  await user.clear(field);
  await user.type(field, payout);
}

describe('TrackingPage', () => {
  it('shows the postback URL to copy with its macros, the conversion types and the attribution window, and the pixel snippets', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true, writable: true });
    serve();
    const url = (await screen.findByRole('textbox', { name: 'Your postback URL' })) as HTMLInputElement;
    expect(url.value).toBe(TRACKING.postback_url);
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Your postback URL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TRACKING.postback_url));

    const macros = screen.getByRole('table', { name: 'Macros to fill in' });
    const rows = within(macros).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['{click_id}', '{payout}', '{conversion_type}']);
    expect(rows[0].textContent).toContain('Add {click_id} to the ad’s URL, for example https://shop.example.com/?c={click_id}');
    expect(rows[1].textContent).toContain('a decimal such as 12.50');
    const types = await within(rows[2]).findByRole('list', { name: 'Conversion types' });
    expect(within(types).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['lead — Lead ', 'sale — Sale counts every time']);
    expect(screen.getByText('A conversion counts when it arrives at most 30 days after its click; a later one is listed as too late.')).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Tracking pixel' })).toBeTruthy();
    const image = screen.getByRole('textbox', { name: 'Image tag' }) as HTMLTextAreaElement;
    expect(image.value).toBe(`<img src="https://track.adnet.example.com/pixel.gif?key=${KEY}&amp;click_id={click_id}&amp;payout={payout}&amp;conversion_type={conversion_type}" width="1" height="1" alt="" style="display:none">`);
    const script = (screen.getByRole('textbox', { name: 'Script for the page that confirms the conversion' }) as HTMLTextAreaElement).value;
    expect(script).toContain('new Image().src = "https://track.adnet.example.com/pixel.gif?key=');
    expect(script).toContain('encodeURIComponent(clickId)');
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Script for the page that confirms the conversion' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(script));
    expect((screen.getByRole('textbox', { name: 'Script for your landing page' }) as HTMLTextAreaElement).value).toContain('max-age=2592000');
  });

  it('offers a retry when the tracking settings fail to load, and says nothing of a pixel the network does not offer', async () => {
    const { calls } = serve({ tracking: 'fails once' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your tracking settings could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByRole('textbox', { name: 'Your postback URL' })) as HTMLInputElement).value).toBe(TRACKING.postback_url);
    expect(calls.filter((c) => c.url === 'tracking')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Tracking pixel' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Image tag' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/pixel\.gif|Tracking pixel/);
  });

  it('sends a test conversion, says what became of it and reloads the list, where it shows', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    expect(await screen.findByText('No conversions received yet')).toBeTruthy();
    expect(listCalls(calls)).toBe(1);
    await fillTest(user, '12.5');
    await user.click(screen.getByRole('button', { name: 'Send a test conversion' }));

    const outcome = await screen.findByText(/conversion worth/);
    const callout = outcome.closest<HTMLElement>(`.${Classes.CALLOUT}`)!;
    expect(callout.textContent).toContain('Accepted');
    expect(outcome.textContent).toBe(`A “Sale” conversion worth 12.50 was counted for click ${CLICK} of the campaign “Spring sale”. It shows in the campaign’s statistics within a minute.`);
    expect(within(callout).getByRole('link', { name: 'Open the campaign' }).getAttribute('href')).toBe('/campaigns/7');
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ campaign_id: 7, conversion_type: 'sale', payout: '12.5' });

    await waitFor(() => expect(listCalls(calls)).toBe(2));
    const row = (await screen.findByRole('link', { name: 'Spring sale' })).closest('tr')!;
    expect(within(row).getByText('Accepted')).toBeTruthy();
    expect(within(row).getByText('Sale')).toBeTruthy();
    expect(within(row).getByText(CLICK)).toBeTruthy();
    expect(within(row).getByText('Test')).toBeTruthy();
  });

  it('shows the server’s refusal (409: no clicks yet) and keeps what the user chose and typed', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ test: 'no-clicks' });
    await fillTest(user, '7.25');
    await user.click(screen.getByRole('button', { name: 'Send a test conversion' }));
    expect(await screen.findByText('This campaign has no clicks yet: a conversion belongs to a click, so send the test once it has one.')).toBeTruthy();
    expect((screen.getByLabelText(/^Payout/) as HTMLInputElement).value).toBe('7.25');
    const form = screen.getByLabelText(/^Payout/).closest('form')!;
    // The lookups show their choices as labels: the campaign and the type are still chosen.
    expect(form.textContent).toMatch(/Campaign \*.*Spring sale.*Conversion type \*Sale/);
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ campaign_id: 7, conversion_type: 'sale', payout: '7.25' });
    expect(screen.queryByText(/conversion worth/)).toBeNull();
    expect(listCalls(calls)).toBe(1);
  });

  it('shows a field the server refuses (422) under it, keeping the values', async () => {
    const user = userEvent.setup();
    serve({ test: 'invalid' });
    await fillTest(user, '3');
    await user.click(screen.getByRole('button', { name: 'Send a test conversion' }));
    expect(await screen.findByText('The payout must be a decimal such as 12.50.')).toBeTruthy();
    expect((screen.getByLabelText(/^Payout/) as HTMLInputElement).value).toBe('3');
  });
});
