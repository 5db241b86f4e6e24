import { useEffect, useState } from 'react';
import type { SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { preloadWidgets } from '../../widgets';
import { useStores } from './context';

interface EntryState {
  entry: SchemaEntry | null;
  error: unknown;
}

/** Loads a schema of the catalog for a page, with its lazy widgets; `entry` is null meanwhile, `error` set if it failed. */
export function useSchemaEntry(id: string): EntryState {
  const { catalog } = useStores();
  const [state, setState] = useState<EntryState>(() => ({ entry: catalog.peek(id) ?? null, error: null }));
  useEffect(() => {
    let live = true;
    catalog
      .load(id)
      // The code of lazy widgets the form uses arrives before the form first renders (no placeholder flash);
      // if it fails, the form still shows and each such field loads on its own.
      .then((entry) => preloadWidgets(entry.uiSchema, entry.schema).then(() => entry, () => entry))
      .then(
        (entry) => live && setState({ entry, error: null }),
        (error: unknown) => live && setState({ entry: null, error }),
      );
    return () => {
      live = false;
    };
  }, [catalog, id]);
  return state;
}
