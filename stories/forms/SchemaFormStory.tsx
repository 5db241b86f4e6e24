import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { schemaLoaders } from '../../generated/catalog';
import { FormStore } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { LookupStore, type LookupFormContext } from '../../engine/lookup';
import { SchemaCatalog, type SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { theme } from '../../widgets';
import { createFixtureTransport } from '../fixtures/lookupTransport';
import { FormDataPanel } from '../support/FormDataPanel';

/** The precompiled catalog over the generated loaders, shared by every schema story. */
export const catalog = new SchemaCatalog(schemaLoaders);

const lookups = new LookupStore({
  transport: createFixtureTransport(),
  report: (error) => console.warn('lookup failed (reported silently)', error),
});

const Bound = observer(function Bound({ entry }: { entry: SchemaEntry }) {
  const [submitted, setSubmitted] = useState<unknown>(undefined);
  const store = useMemo(() => new FormStore(entry, { submit: async (values) => values }), [entry]);
  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => {
    if (store.status === 'succeeded') setSubmitted(store.result);
  }, [store.status, store.result]);
  const formContext = useMemo<LookupFormContext & Record<string, unknown>>(() => ({ lookups, getRootValue: () => store.values }), [store]);
  return (
    <div style={{ maxWidth: 640 }}>
      <SchemaForm store={store} theme={theme} formContext={formContext} />
      <FormDataPanel values={store.values} submitted={submitted} />
    </div>
  );
});

/** Loads one schema of the catalog and renders it through SchemaForm with the Blueprint theme. */
export function SchemaFormStory({ id }: { id: string }) {
  const [state, setState] = useState<{ entry?: SchemaEntry; error?: string }>({});
  useEffect(() => {
    let live = true;
    catalog.load(id).then(
      (entry) => live && setState({ entry }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (state.error) return <Callout intent={Intent.DANGER} title={`Schema "${id}" could not be loaded`}>{state.error}</Callout>;
  if (!state.entry) return <Spinner size={24} aria-label="Loading schema" />;
  return <Bound key={id} entry={state.entry} />;
}

/** The story of one catalog schema; the Storybook build adds one export of this per schema id. */
export function schemaStory(id: string) {
  return { name: id, args: { id } };
}
