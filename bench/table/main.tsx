/**
 * The table benchmark page: 50,000 statistics rows with page size "all". `?variant=ours` renders them through
 * TableStore and SchemaTableView (virtualized); `?variant=plain` renders every row into a Blueprint HTML table,
 * sorting with a plain comparator, the way a table without virtualization does.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HTMLTable } from '@blueprintjs/core';
import '@blueprintjs/core/lib/css/blueprint.css';
import { TableStore, type TableRow } from '../../engine/table/TableStore';
import { formatCell } from '../../engine/table/formatCell';
import { SchemaTableView } from '../../widgets/table/SchemaTableView';
import { columnSet, statisticsRows } from './data';

const variant = new URLSearchParams(location.search).get('variant') === 'plain' ? 'plain' : 'ours';
const rows = statisticsRows();
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Every row in the DOM; a header click sorts a copy with one comparator call per comparison. */
function PlainTable() {
  const [sorted, setSorted] = useState(rows);
  const sortBy = (id: string) =>
    setSorted(
      rows
        .slice()
        .sort(id === 'site' ? (a, b) => collator.compare(String(a.site), String(b.site)) : (a, b) => Number(b[id]) - Number(a[id])),
    );
  return (
    <HTMLTable striped compact>
      <thead>
        <tr>
          {columnSet.columns.map((c) => (
            <th key={c.id}>
              <button type="button" onClick={() => sortBy(c.id)}>
                {c.title}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sorted.map((row) => (
          <tr key={String(row.site)}>
            {columnSet.columns.map((c) => (
              <td key={c.id}>{formatCell(c, row[c.id])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const start = performance.now();
const root = createRoot(document.getElementById('root') as HTMLElement);
if (variant === 'plain') {
  root.render(<PlainTable />);
} else {
  const table = new TableStore<TableRow>({ columnSet, filters: {}, load: async () => ({ rows }), pageSize: -1 });
  root.render(<SchemaTableView table={table} rowKey={(row) => String(row.site)} />);
  void table.reload();
}

// Mount ends at the first paint with rows in the table.
const check = () => {
  if (document.querySelectorAll('tbody tr td').length < columnSet.columns.length * 10) return requestAnimationFrame(check);
  const done = () => ((window as { benchReady?: { mountMs: number } }).benchReady = { mountMs: performance.now() - start });
  requestAnimationFrame(() => setTimeout(done));
};
requestAnimationFrame(check);
