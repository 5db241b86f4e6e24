import { Button, ButtonGroup, Callout, Classes, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import type { StoryObj } from '@storybook/react-vite';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { matchPath, MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { findOptionSources, type FoundOptionSource } from '../../engine/lookup';
import type { Resource, ResourceManifest } from '../../engine/resource/manifest';
import type { SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { StoreContext } from '../../src/app/context';
import { pathOf } from '../../src/resources/paths';
import { RESOURCES, ResourceRegistryContext } from '../../src/resources/registry';
import { ResourceForm } from '../../src/resources/ResourceForm';
import { ResourceList } from '../../src/resources/ResourceList';
import { ResourceView } from '../../src/resources/ResourceView';
import { useLoadedResource } from '../../src/resources/useResource';
import { PanelEnglish } from '../ads/PanelEnglish';
import { asRootStore, createStoryStores } from '../campaigns/storyStores';
import { catalog } from '../forms/SchemaFormStory';
import { createResourceFake, type ResourceFake, type ResourceRequest, type ResourceTransportOptions } from './resourceTransport';

/** The page a story opens on: the list, the create form, or the view or edit page of the list's first row. */
export type ResourcePageName = 'list' | 'create' | 'view' | 'edit';
export const RESOURCE_PAGES: readonly ResourcePageName[] = ['list', 'create', 'view', 'edit'];

const PAGE_TITLES: Record<ResourcePageName, string> = { list: 'List', create: 'Create form', view: 'View of the first row', edit: 'Edit the first row' };

/** The props of one resource's story. */
export interface ResourceStoryProps {
  /** The resource's id (its manifest's `id`, the file name without .resource.json). */
  resource: string;
  /** The page it opens on (a page the manifest does not declare opens the list). */
  page?: ResourcePageName;
  /** Simulated latency of the in-memory API in ms. */
  latencyMs?: number;
  /** How many sample rows the in-memory API holds. */
  rows?: number;
}

/** The last calls of the in-memory API, for the story's log. */
class CallLog {
  private calls: readonly string[] = [];
  private listeners = new Set<() => void>();
  add = (req: ResourceRequest) => {
    const params = req.params && Object.keys(req.params).length ? `?${new URLSearchParams(Object.entries(req.params).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]]))).toString()}` : '';
    const body = req.data && req.method.toUpperCase() !== 'GET' ? ` ${JSON.stringify(req.data)}` : '';
    this.calls = [`${req.method.toUpperCase()} ${req.url}${params}${body}`, ...this.calls].slice(0, 30);
    // Calls start inside effects and renders of the pages: tell the log after them.
    queueMicrotask(() => this.listeners.forEach((listener) => listener()));
  };
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.calls;
}

function CallList({ log }: { log: CallLog }) {
  const calls = useSyncExternalStore(log.subscribe, log.snapshot);
  return (
    <details style={{ marginTop: 16 }}>
      <summary className={Classes.TEXT_MUTED} style={{ cursor: 'pointer' }}>
        Calls to the in-memory API ({calls.length}, newest first)
      </summary>
      <ol className={Classes.MONOSPACE_TEXT} style={{ fontSize: 12 }}>
        {calls.map((call, i) => (
          <li key={calls.length - i}>{call}</li>
        ))}
      </ol>
    </details>
  );
}

/** The path of a page of the resource, for the list's first row where it needs one; undefined when not declared. */
function pagePath(manifest: ResourceManifest, page: ResourcePageName, firstId: string | undefined): string | undefined {
  const route = manifest.routes[page];
  if (!route) return undefined;
  if (!route.includes(':id')) return route;
  return firstId === undefined ? undefined : pathOf(route, firstId);
}

/** The pages the story switches between, the current URL, and a fresh start of the data. */
function PageBar({ manifest, firstId, onRestart }: { manifest: ResourceManifest; firstId: string | undefined; onRestart: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = RESOURCE_PAGES.find((page) => manifest.routes[page] && matchPath(manifest.routes[page]!, location.pathname));
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }} role="navigation" aria-label="Story pages">
      <ButtonGroup>
        {RESOURCE_PAGES.map((page) => {
          const to = pagePath(manifest, page, firstId);
          return <Button key={page} size="small" text={PAGE_TITLES[page]} active={current === page} disabled={!to} onClick={() => to && navigate(to)} />;
        })}
      </ButtonGroup>
      <Tag minimal className={Classes.MONOSPACE_TEXT} aria-label="Panel URL">
        {location.pathname + location.search}
      </Tag>
      <Button size="small" variant="minimal" intent={Intent.PRIMARY} text="Start over with fresh data" onClick={onRestart} />
    </div>
  );
}

function EditPage({ manifest }: { manifest: ResourceManifest }) {
  const { id = '' } = useParams();
  return <ResourceForm key={`${manifest.id}:${id}`} manifest={manifest} id={id} />;
}

function ViewPage({ manifest }: { manifest: ResourceManifest }) {
  const { id = '' } = useParams();
  return <ResourceView key={`${manifest.id}:${id}`} manifest={manifest} id={id} />;
}

/** A panel page the resource links to but the story does not have (a view link to another area). */
function Elsewhere() {
  const location = useLocation();
  return (
    <Callout intent={Intent.PRIMARY} title="Another page of the panel">
      The panel would now open <code>{location.pathname}</code>, which is not part of this resource. Use the buttons above to come back.
    </Callout>
  );
}

/** The resource's form as the in-memory API reads it: its schema's properties and its lookups. */
type FormParts = NonNullable<ResourceTransportOptions['form']>;

interface StageProps {
  resource: Resource;
  form: FormParts | undefined;
  page: ResourcePageName;
  latencyMs: number;
  rows: number;
  onRestart: () => void;
}

/** The resource's pages over their own in-memory API, in the panel's providers, opened at `page`. */
function Stage({ resource, form, page, latencyMs, rows, onRestart }: StageProps) {
  const { manifest } = resource;
  const [log] = useState(() => new CallLog());
  const [fake] = useState<ResourceFake>(() => createResourceFake(resource, { rows, latencyMs, form, onRequest: log.add }));
  const [stores] = useState(() => createStoryStores(fake.transport));
  const [firstId] = useState(() => {
    const first = fake.first();
    return first ? String(first[manifest.api.idField ?? 'id']) : undefined;
  });
  const start = pagePath(manifest, page, firstId);
  const { routes } = manifest;
  return (
    <StoreContext.Provider value={asRootStore(stores)}>
      <MemoryRouter initialEntries={[start ?? routes.list]}>
        <PageBar manifest={manifest} firstId={firstId} onRestart={onRestart} />
        {start ? null : (
          <Callout intent={Intent.WARNING} compact style={{ marginBottom: 12 }}>
            {manifest.id}.resource.json declares no {page} page (routes.{page}), so the story shows the list.
          </Callout>
        )}
        <Routes>
          <Route path={routes.list} element={<ResourceList resource={resource} />} />
          {routes.create ? <Route path={routes.create} element={<ResourceForm key={`${manifest.id}:new`} manifest={manifest} />} /> : null}
          {routes.edit ? <Route path={routes.edit} element={<EditPage manifest={manifest} />} /> : null}
          {routes.view ? <Route path={routes.view} element={<ViewPage manifest={manifest} />} /> : null}
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
      <CallList log={log} />
    </StoreContext.Provider>
  );
}

/** The form schema and lookups of a resource's form (for the sample rows and lookup answers); none without a form. */
function useFormParts(manifest: ResourceManifest | undefined) {
  const id = manifest?.form?.schema;
  const [state, setState] = useState<{ id?: string; entry?: SchemaEntry; error?: string }>({});
  useEffect(() => {
    if (!id) return;
    let live = true;
    catalog.load(id).then(
      (entry) => live && setState({ id, entry }),
      (error: unknown) => live && setState({ id, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (!id) return { ready: true as const, form: undefined };
  if (state.id !== id) return { ready: false as const };
  let lookups: FoundOptionSource[] = [];
  try {
    lookups = state.entry ? findOptionSources(state.entry.uiSchema) : [];
  } catch {
    // A malformed source shows in the form itself; the story just answers no lookups.
  }
  const form: FormParts | undefined = state.entry ? { schema: state.entry.schema as FormParts['schema'], lookups } : undefined;
  return { ready: true as const, form, error: state.error };
}

function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Callout intent={Intent.DANGER} title={title}>
      {children}
    </Callout>
  );
}

/**
 * A resource's pages as the panel shows them (src/resources/): its list (search, filters, paging, sort, row and
 * bulk actions), its create form, and the view and edit pages of the list's first row, over an in-memory API made
 * from its manifest (resourceTransport.ts). The pages link to each other as in the panel; the buttons above switch.
 */
export function ResourceStory({ resource: id, page = 'list', latencyMs = 300, rows = 20 }: ResourceStoryProps) {
  const source = RESOURCES.get(id);
  const loaded = useLoadedResource(source);
  const parts = useFormParts(source?.manifest);
  const [run, setRun] = useState(0);

  if (!source) {
    return (
      <Notice title={`No resource "${id}"`}>
        No schemas/*/*.resource.json has this id. Known: {[...RESOURCES.keys()].join(', ')}.
      </Notice>
    );
  }
  if (loaded.error) {
    return <Notice title={`The column set of "${id}" could not be loaded`}>{loaded.error instanceof Error ? loaded.error.message : String(loaded.error)}</Notice>;
  }
  if (!loaded.resource || !parts.ready) return <Spinner size={24} aria-label="Loading the resource" />;
  return (
    <PanelEnglish>
      <ResourceRegistryContext.Provider value={RESOURCES}>
        {parts.error ? (
          <Callout intent={Intent.WARNING} compact style={{ marginBottom: 12 }} title={`The form ${source.manifest.form?.schema} could not be loaded`}>
            {parts.error} Run <code>npm run generate</code> after adding a form schema.
          </Callout>
        ) : null}
        <Stage key={`${id}:${page}:${latencyMs}:${rows}:${run}`} resource={loaded.resource} form={parts.form} page={page} latencyMs={latencyMs} rows={rows} onRestart={() => setRun((n) => n + 1)} />
      </ResourceRegistryContext.Provider>
    </PanelEnglish>
  );
}

/** The story of one resource; the Storybook build adds one export of this per manifest (Resources.stories.tsx). */
export function resourceStory(id: string): StoryObj<typeof ResourceStory> {
  return { name: RESOURCES.get(id)?.manifest.title ?? id, args: { resource: id } };
}

/** The resources of the panel, as the Overview story lists them. */
export function ResourceTable() {
  const manifests = [...RESOURCES.values()].map(({ manifest }) => manifest).sort((a, b) => a.id.localeCompare(b.id));
  return (
    <HTMLTable compact striped>
      <thead>
        <tr>
          <th>Id</th>
          <th>Title</th>
          <th>API path</th>
          <th>Routes</th>
          <th>Form</th>
          <th>Actions</th>
        </tr>
      </thead>
      <tbody>
        {manifests.map((manifest) => (
          <tr key={manifest.id}>
            <td className={Classes.MONOSPACE_TEXT}>{manifest.id}</td>
            <td>{manifest.title}</td>
            <td className={Classes.MONOSPACE_TEXT}>{manifest.api.path}</td>
            <td className={Classes.MONOSPACE_TEXT}>
              {RESOURCE_PAGES.filter((page) => manifest.routes[page]).map((page) => (
                <div key={page}>
                  {page}: {manifest.routes[page]}
                </div>
              ))}
            </td>
            <td className={Classes.MONOSPACE_TEXT}>{manifest.form?.schema ?? '—'}</td>
            <td>{(manifest.actions ?? []).map((action) => action.title).join(', ') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
