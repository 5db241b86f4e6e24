import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CompareSeries } from '../../../generated/types';
import type { CompareFetch } from './CompareStore';
import { groupingsFor, statisticsSets } from './groupings';
import { ReportChart, type CompareTexts } from './ReportChart';
import { ReportStorage, reportStorageKey } from './reportStorage';
import { StatisticsStore } from './StatisticsStore';
import { STATISTICS_SCREENS } from './statisticsScreens';

const points = [
  { date: '2026-11-19', value: 3 },
  { date: '2026-11-20', value: 4 },
];
const answer: CompareSeries[] = [
  { key: '4', label: 'Germany', other: false, total: 7, points },
  { key: '0', label: null, other: false, total: 5, points },
  { key: null, label: null, other: true, total: 2, points },
];

const compareTexts: CompareTexts = {
  toggle: 'Compare top rows',
  limit: 'Show',
  limitOption: (n) => `Top ${n}`,
  other: 'Add the rest as “Other”',
  label: (metric, count) => `${metric} per day, top ${count}`,
  legend: 'Chart legend',
  empty: (metric) => `No row has any ${metric}`,
  failed: 'The comparison could not be loaded.',
  retry: 'Try again',
};

function show(search: string, compare = vi.fn<CompareFetch>(async () => ({ data: answer }))) {
  const config = STATISTICS_SCREENS['campaign-statistics'];
  const store = new StatisticsStore({
    config,
    groupings: groupingsFor(config.screen, []),
    fetch: async (_e, params) => {
      const set = statisticsSets.get(String(params.group));
      return { data: [Object.fromEntries(set.columns.map((c) => [c.id, 1]))], series: points.map((p) => ({ date: p.date, clicks: p.value })) };
    },
    compareFetch: compare,
    storage: new ReportStorage(reportStorageKey('adnet', 7)),
    search: new URLSearchParams(search),
    today: () => '2026-11-20',
    debounceMs: 0,
  });
  store.start();
  render(
    <ReportChart
      store={store}
      locale="en"
      metricTitle={(m) => m}
      rowLabel={(s) => (s.other ? 'Other' : (s.label ?? 'Unknown'))}
      texts={{ title: 'Chart', metric: 'Metric', label: (m) => `${m} per day`, empty: 'No statistics', loading: 'Loading…', compare: compareTexts }}
    />,
  );
  return { store, compare };
}

describe('ReportChart compare mode', () => {
  it('is switched on by keyboard on a grouping of things and draws the rows with their table names', async () => {
    const { store, compare } = show('group=country&metric=clicks');
    const toggle = await screen.findByRole('checkbox', { name: 'Compare top rows' });
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(store.comparing).toBe(true);
    const legend = await screen.findByRole('list', { name: 'Chart legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Germany', 'Unknown', 'Other']);
    expect(screen.getByRole('img', { name: 'clicks per day, top 2' })).toBeTruthy();
    expect(compare).toHaveBeenCalledTimes(1);

    await userEvent.selectOptions(screen.getByLabelText('Show'), '10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add the rest as “Other”' }));
    expect(compare.mock.calls.at(-1)![1]).toMatchObject({ limit: 10, other: true });
    expect(store.address).toMatch(/compare=10&other=1$/);
    act(() => store.dispose());
  });

  it('is not offered on days', async () => {
    const { store } = show('group=date');
    await screen.findByRole('img', { name: /per day/ });
    expect(screen.queryByRole('checkbox', { name: 'Compare top rows' })).toBeNull();
    act(() => store.dispose());
  });

  it('says when no row has the metric', async () => {
    const empty = show('group=site&compare=5', vi.fn<CompareFetch>(async () => ({ data: [] })));
    expect(await screen.findByText('No row has any clicks')).toBeTruthy();
    act(() => empty.store.dispose());
  });
});
