import { useEffect, useState } from 'react';
import type { SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { useStores } from './context';

/** Loads a schema of the catalog for a page; `entry` is null while its chunk loads, `error` set if it failed. */
export function useSchemaEntry(id: string): { entry: SchemaEntry | null; error: unknown } {
  const { catalog } = useStores();
  const [state, setState] = useState<{ entry: SchemaEntry | null; error: unknown }>(() => ({
    entry: catalog.has(id) ? (peek(catalog, id) ?? null) : null,
    error: null,
  }));
  useEffect(() => {
    let live = true;
    catalog.load(id).then(
      (entry) => live && setState({ entry, error: null }),
      (error: unknown) => live && setState({ entry: null, error }),
    );
    return () => {
      live = false;
    };
  }, [catalog, id]);
  return state;
}

function peek(catalog: ReturnType<typeof useStores>['catalog'], id: string) {
  try {
    return catalog.get(id);
  } catch {
    return undefined;
  }
}
