import type { Meta, StoryObj } from '@storybook/react-vite';
import { observer } from 'mobx-react-lite';
import { createColumnSetRegistry } from '../../engine/table';
import { useSchemaTable } from '../../engine/table/useSchemaTable';
import type { TableLoader, TableRow } from '../../engine/table/TableStore';
import type { ColumnSet } from '../../engine/table/columnSet';
import { SchemaTableView } from '../../widgets/table/SchemaTableView';

// Every column set in schemas/statistics/ becomes a choice here: a set added as data shows up without code.
const sets = createColumnSetRegistry(import.meta.glob('../../schemas/statistics/*.columns.json', { eager: true, import: 'default' }));

/** Deterministic demo rows for a column set: plausible numbers as decimal strings, as the API sends them. */
function demoRows(set: ColumnSet, count: number): TableRow[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  return Array.from({ length: count }, (_, i) => {
    const impressions = Math.floor(2000 + random() * 50_000);
    const clicks = Math.floor(impressions * (0.002 + random() * 0.02));
    const row: TableRow = {};
    for (const column of set.columns) {
      row[column.id] =
        column.type === 'date' ? new Date(Date.UTC(2026, 10, 20 - i)).toISOString().slice(0, 10)
        : column.type === 'percent' ? (clicks / impressions).toFixed(6)
        : column.type === 'money' ? (random() * 300).toFixed(2)
        : column.type === 'cost' ? (random() * 500).toFixed(4)
        : column.id === 'impressions' ? impressions
        : column.id === 'clicks' ? clicks
        : column.type === 'count' || column.type === 'id' ? Math.floor(random() * 400)
        : `${column.title} ${i + 1}`;
    }
    return row;
  });
}

interface DemoProps {
  columnSet: string;
  rows: number;
  /** failing: the load rejects (error state with retry); slow: 1.5 s before rows arrive. */
  behaviour: 'normal' | 'empty' | 'failing' | 'slow';
}

const DemoTable = observer(function DemoTable({ columnSet, rows, behaviour }: DemoProps) {
  const set = sets.get(columnSet);
  const load: TableLoader<TableRow, Record<string, never>> = async (_query, signal) => {
    if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, 1500));
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    if (behaviour === 'failing') throw new Error('Statistics are unavailable');
    const data = behaviour === 'empty' ? [] : demoRows(set, rows);
    return { rows: data, recordsFiltered: data.length };
  };
  const table = useSchemaTable({ columnSet: set, filters: {}, load });
  return <SchemaTableView table={table} />;
});

const meta = {
  title: 'Widgets/Statistics table',
  component: DemoTable,
  argTypes: { columnSet: { control: 'select', options: sets.ids() }, behaviour: { control: 'inline-radio', options: ['normal', 'empty', 'failing', 'slow'] } },
  args: { columnSet: sets.ids()[0], rows: 40, behaviour: 'normal' },
  parameters: { docs: { description: { component: 'Columns, totals and formats from a column set in `schemas/statistics/`.' } } },
} satisfies Meta<typeof DemoTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 40 days by date: sort by a header, page through, totals in the footer (ctr averaged, money 2 and cost 4 decimals). */
export const ByDate: Story = { args: { columnSet: 'date' } };
/** The campaign grouping. */
export const ByCampaign: Story = { args: { columnSet: 'campaign', rows: 12 } };
/** Nothing matches the filters. */
export const Empty: Story = { args: { behaviour: 'empty' } };
/** The load failed: an in-place message with a retry. */
export const Failing: Story = { args: { behaviour: 'failing' } };
/** A slow answer shows the spinner. */
export const Slow: Story = { args: { behaviour: 'slow' } };
