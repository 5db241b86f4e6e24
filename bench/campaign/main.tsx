/**
 * The campaign benchmark page: the real campaign form (`campaigns_campaign` from the generated catalog, every target
 * shown and open) with a big saved selection. `?variant=ours` renders it through the engine (FormStore, SchemaForm,
 * Blueprint theme, lookups answered in the page); `?variant=plain` through plain `@rjsf/core` with the lists as
 * `enum`s and the default Ajv validator, controlled formData.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { UiSchema } from '@rjsf/utils';
import '@blueprintjs/core/lib/css/blueprint.css';
import { SchemaCatalog, type SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { FormStore } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { LookupStore } from '../../engine/lookup';
import { preloadWidgets, theme } from '../../widgets';
import { schemaLoaders } from '../../generated/catalog';
import { campaignValues } from './data';
import { benchTransport, type BenchTransport } from './transport';
import { enumSizes, plainForm } from './plain';

/** What the page hands the runner once mounted. */
interface CampaignReady {
  mountMs: number;
  commitMs: number;
  requests: string[];
  refused: string[];
  missing: string[];
  enumSizes: Record<string, number>;
}

const variant = new URLSearchParams(location.search).get('variant') === 'plain' ? 'plain' : 'ours';

/** Still loading: a lazy widget's placeholder, or a lookup waiting for its options (the labels of selected ids). */
const BUSY = '[aria-busy="true"], [aria-label="Loading options"]';

/** Mount ends at the first paint after nothing is loading any more (no busy widget, no lookup request in flight). */
function markMounted(net: BenchTransport | null) {
  const commitMs = performance.now() - start;
  const check = () => {
    if (document.querySelector(BUSY) || (net && net.pending() > 0)) {
      requestAnimationFrame(check);
      return;
    }
    requestAnimationFrame(() =>
      setTimeout(() => {
        const ready: CampaignReady = { mountMs: performance.now() - start, commitMs, requests: net?.sent ?? [], refused: net?.refused ?? [], missing: net?.missing ?? [], enumSizes };
        (window as unknown as { benchReady: CampaignReady }).benchReady = ready;
      }),
    );
  };
  requestAnimationFrame(check);
}

/**
 * What the campaign page merges into the UI schema (see src/areas/campaigns/campaignForm.ts `campaignUiPatch`), for a
 * banner campaign on a network that sells every target: each target a collapsible section, here all of them open.
 */
function campaignUiPatch(entry: SchemaEntry): UiSchema {
  const targets = Object.keys((entry.schema.properties?.targets as { properties: object }).properties);
  const targetUi: UiSchema = { 'ui:order': [...targets, '*'] };
  for (const id of targets) targetUi[id] = { 'ui:options': { collapsible: true, collapsed: false } };
  const money = { 'ui:options': { decimals: 2 } };
  return {
    pricing_model: { 'ui:options': { only: ['cpm', 'cpc', 'cpa', 'cpm_goal', 'cpc_goal'] } },
    limits: { type: { 'ui:options': { only: ['money', 'impressions', 'clicks'] } }, hourly: money, daily: money, total: money },
    targets: targetUi,
  };
}

function Ours({ entry, net }: { entry: SchemaEntry; net: BenchTransport }) {
  const [ctx] = useState(() => {
    const lookups = new LookupStore({ transport: net.transport, report: (error) => console.warn('lookup failed', error) });
    const store = new FormStore(entry, { initial: campaignValues(), submit: async () => null });
    return { store, formContext: { lookups, getRootValue: () => store.values }, uiPatch: campaignUiPatch(entry) };
  });
  useEffect(() => markMounted(net), [net]);
  return <SchemaForm store={ctx.store} theme={theme} formContext={ctx.formContext} uiPatch={ctx.uiPatch} submitText="Save" />;
}

function Plain({ form }: { form: ReturnType<typeof plainForm> }) {
  const { schema, uiSchema } = form;
  const [formData, setFormData] = useState(() => campaignValues());
  useEffect(() => markMounted(null), []);
  return <Form schema={schema} uiSchema={uiSchema} validator={validator} formData={formData} onChange={(e) => setFormData(e.formData)} />;
}

let start = 0;
// As the page does: the schema module and the code of the widgets its UI schema names load side by side.
const catalog = new SchemaCatalog(schemaLoaders);
const entry = await catalog.load('campaigns_campaign');
const net = variant === 'ours' ? await benchTransport(catalog) : null;
if (net) await preloadWidgets(entry.uiSchema, entry.schema);
// The plain page's enums are built before the clock starts: only RJSF's work is measured.
const page = net ? <Ours entry={entry} net={net} /> : <Plain form={plainForm(entry)} />;
start = performance.now();
createRoot(document.getElementById('root') as HTMLElement).render(page);
