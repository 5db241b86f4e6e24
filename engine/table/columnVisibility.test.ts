import { describe, expect, it } from 'vitest';
import { ColumnVisibility } from './columnVisibility';
import type { ColumnSet } from './columnSet';

const set: ColumnSet = {
  id: 'things',
  title: 'Things',
  columns: [
    { id: 'name', title: 'Name', type: 'text', total: 'none' },
    { id: 'clicks', title: 'Clicks', type: 'count', total: 'sum' },
    { id: 'ecpc', title: 'eCPC', type: 'cost', total: 'none', defaultHidden: true },
  ],
  defaultSort: { column: 'name', direction: 'asc' },
};

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('ColumnVisibility', () => {
  it("starts from the set's default-hidden columns and never hides a locked one", () => {
    const v = new ColumnVisibility(set, { storageKey: 'k', locked: ['name'], storage: memoryStorage() });
    expect(v.visibleSet.columns.map((c) => c.id)).toEqual(['name', 'clicks']);
    v.toggle('name');
    expect(v.choices).toEqual([
      { id: 'name', title: 'Name', visible: true, locked: true },
      { id: 'clicks', title: 'Clicks', visible: true, locked: false },
      { id: 'ecpc', title: 'eCPC', visible: false, locked: false },
    ]);
  });

  it('remembers the choice on the device, and show all shows everything', () => {
    const storage = memoryStorage();
    const v = new ColumnVisibility(set, { storageKey: 'k', storage });
    v.toggle('ecpc');
    v.toggle('clicks');
    const again = new ColumnVisibility(set, { storageKey: 'k', storage });
    expect([...again.hidden]).toEqual(['clicks']);
    again.showAll();
    expect(new ColumnVisibility(set, { storageKey: 'k', storage }).visibleSet.columns).toHaveLength(3);
  });

  it('ignores what it cannot read: a broken saved value falls back to the defaults', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect([...new ColumnVisibility(set, { storageKey: 'k', storage }).hidden]).toEqual(['ecpc']);
  });
});
