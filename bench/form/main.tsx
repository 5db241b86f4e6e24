/**
 * The form benchmark page. `?variant=ours` renders the campaign-sized schema through the engine (option sources,
 * virtualized lookup widgets, precompiled validator); `?variant=plain` renders the same form the way plain RJSF
 * users write it: the big lists as `enum`s, the default Ajv validator, controlled formData.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import '@blueprintjs/core/lib/css/blueprint.css';
import { SchemaCatalog, type SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { FormStore } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { LookupStore } from '../../engine/lookup';
import { preloadWidgets, theme } from '../../widgets';
import { schemaLoaders } from '../../generated/bench';
import { LISTS } from './lists';
import { collections, pick, selectionSizes } from './data';

declare global {
  interface Window {
    benchReady?: { mountMs: number; commitMs: number };
  }
}

const variant = new URLSearchParams(location.search).get('variant') === 'plain' ? 'plain' : 'ours';

function listFor(section: number) {
  return LISTS[Math.floor(section / 10)];
}

/** Realistic starting values: names, bids and a selection in every list section. */
function initialValues(labels: boolean) {
  const values: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) {
    const list = listFor(i);
    const key = `s${String(i + 1).padStart(2, '0')}`;
    const section: Record<string, unknown> = { name: `Section ${i + 1}`, enabled: i % 2 === 0, bid: 0.5 };
    if (list) {
      const chosen = pick(collections[list.source], selectionSizes[list.source], i + 1);
      section[list.key] = chosen.map((item) => (labels ? item.name : item.id));
    }
    values[key] = section;
  }
  return values;
}

/** Still loading: a lazy widget's placeholder, or a lookup waiting for its options (the labels of selected ids). */
const BUSY = '[aria-busy="true"], [aria-label="Loading options"]';

/** Mount ends at the first paint after nothing is loading any more. */
function markMounted() {
  const commitMs = performance.now() - start;
  const check = () => {
    if (document.querySelector(BUSY)) {
      requestAnimationFrame(check);
      return;
    }
    requestAnimationFrame(() => setTimeout(() => (window.benchReady = { mountMs: performance.now() - start, commitMs })));
  };
  requestAnimationFrame(check);
}

function Ours({ entry }: { entry: SchemaEntry }) {
  const [ctx] = useState(() => {
    const lookups = new LookupStore({
      transport: async (req) => {
        const name = req.url.replace(/^collections\//, '');
        return { data: collections[name] ?? [] };
      },
    });
    const store = new FormStore(entry, { initial: initialValues(false), submit: async () => null });
    return { store, formContext: { lookups, getRootValue: () => store.values } };
  });
  useEffect(markMounted, []);
  return <SchemaForm store={ctx.store} theme={theme} formContext={ctx.formContext} submitText={false} />;
}

function Plain({ entry }: { entry: SchemaEntry }) {
  const [schema] = useState(() => {
    const copy = structuredClone(entry.schema) as RJSFSchema & { properties: Record<string, RJSFSchema> };
    delete copy.$id;
    for (let i = 0; i < 40; i++) {
      const list = listFor(i);
      if (!list) continue;
      const section = copy.properties[`s${String(i + 1).padStart(2, '0')}`] as { properties: Record<string, RJSFSchema> };
      section.properties[list.key] = { ...section.properties[list.key], items: { type: 'string', enum: collections[list.source].map((c) => c.name) } };
    }
    return copy;
  });
  const [formData, setFormData] = useState(() => initialValues(true));
  useEffect(markMounted, []);
  return <Form schema={schema} validator={validator} formData={formData} onChange={(e) => setFormData(e.formData)} />;
}

let start = 0;
// As a page would: the schema module and the code of the widgets its UI schema names load side by side.
const entry = await new SchemaCatalog(schemaLoaders).load('campaign40');
if (variant === 'ours') await preloadWidgets(entry.uiSchema, entry.schema);
start = performance.now();
createRoot(document.getElementById('root') as HTMLElement).render(variant === 'plain' ? <Plain entry={entry} /> : <Ours entry={entry} />);
