import { useEffect, useRef, useState } from 'react';
import { TableStore, type TableRow, type TableStoreOptions } from './TableStore';

/**
 * Headless table hook: one `TableStore` for the component's life, loaded on mount, reloaded (debounced)
 * when `filters` change by value, always calling the latest `load`, and stopped on unmount.
 * Render it with any look (see `widgets/table/SchemaTableView`) inside an `observer`.
 * @example
 * const table = useSchemaTable({ columnSet, filters, load });
 * return <SchemaTableView table={table} />;
 */
export function useSchemaTable<R extends object = TableRow, F = Record<string, unknown>>(
  options: TableStoreOptions<R, F>,
): TableStore<R, F> {
  const [store] = useState(() => new TableStore<R, F>(options));
  const filtersKey = JSON.stringify(options.filters);
  const loadedKey = useRef(filtersKey);

  useEffect(() => {
    store.setLoader(options.load);
  }, [store, options.load]);

  useEffect(() => {
    void store.reload();
    return () => store.dispose();
  }, [store]);

  useEffect(() => {
    if (loadedKey.current === filtersKey) return;
    loadedKey.current = filtersKey;
    store.setFilters(options.filters);
    // options.filters is tracked by value through filtersKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, filtersKey]);

  return store;
}
