/**
 * "A resource added as JSON only": tests/fixtures/resources/bookmarks has a manifest, a column set and a form, and
 * no TypeScript names it. Read the way the product reads schemas/ (import.meta.glob), it gets its routes and menu
 * entry, and the generic pages show its list (URL state, filters, row and bulk actions with confirmation), its form
 * (precompiled from its own schema, server errors under the right field) and its view.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import general from '../../schemas/menus/general.json';
import type { MenuEntryDef } from '../../engine/menu';
import type { ResourceManifest } from '../../engine/resource/manifest';
import type { ColumnSet } from '../../engine/table/columnSet';
import { ValidationError } from '../../engine/api/errors';
import type { RequestConfig } from '../../engine/api/ApiClient';
import { RootStore } from '../../src/app/RootStore';
import { StoreContext } from '../../src/app/context';
import { RoutePage } from '../../src/app/RoutePage';
import type { RouteDef } from '../../src/app/routeDef';
import { loadMessages, type CompiledMessages } from '../../src/i18n';
import { createResourceRegistry, ResourceRegistryContext, resourceRoutes, withResourceEntries } from '../../src/resources/registry';
import ResourceListPage from '../../src/resources/ResourceListPage';
import ResourceFormPage from '../../src/resources/ResourceFormPage';
import ResourceViewPage from '../../src/resources/ResourceViewPage';
import { fixtureTree, type FormatTree } from '../fixtures/adFormatTree';

const registry = createResourceRegistry(
  import.meta.glob<ResourceManifest>('../fixtures/resources/*/*.resource.json', { eager: true, import: 'default' }),
  import.meta.glob<ColumnSet>('../fixtures/resources/*/*.columns.json', { import: 'default' }),
);
const manifest = registry.get('bookmarks')!.manifest;
const routes = resourceRoutes([manifest]);
const PAGES = { list: ResourceListPage, create: ResourceFormPage, edit: ResourceFormPage, view: ResourceViewPage };

let tree: FormatTree;
let stores: RootStore;
let messages: CompiledMessages;
beforeAll(async () => {
  tree = await fixtureTree({ bookmarks: 'tests/fixtures/resources/bookmarks' });
  messages = await loadMessages('en', ['guest', 'panel']);
});
afterAll(() => tree?.remove());
afterEach(() => stores?.session.dispose());

interface Bookmark {
  id: number;
  name: string;
  address: string;
  state: 'kept' | 'archived';
  see_also?: { id: number; name: string }[];
}

/** A tiny bookmarks API over `rows`, recording every call. */
function serve(rows: Bookmark[]) {
  const calls: RequestConfig[] = [];
  stores = new RootStore({ notify: () => {}, report: () => {} });
  (stores as unknown as { catalog: unknown }).catalog = tree.catalog;
  vi.spyOn(stores.api, 'request').mockImplementation(async (config) => {
    calls.push(config);
    const { method, url = '', params, data } = config;
    const answer = (body: unknown) => ({ data: body, status: 200, headers: {} }) as never;
    const id = Number(url.split('/')[1]);
    const row = rows.find((r) => r.id === id);
    if (method === 'GET' && url === 'bookmarks') {
      const state = (params as { state?: string[] }).state;
      const list = rows.filter((r) => !state || state.includes(r.state));
      return answer({ data: list, recordsFiltered: list.length });
    }
    if (method === 'GET' && url.endsWith('/export') && row) return { data: new Blob([row.address], { type: 'text/csv' }), status: 200, headers: { 'content-disposition': `attachment; filename="${row.name}.csv"` } } as never;
    if (method === 'GET' && row) return answer({ data: row });
    if (method === 'POST' && url.endsWith('/archive') && row) {
      if (row.id === 2) throw new ValidationError({ state: ['This one is locked.'] }, 422);
      row.state = 'archived';
      return answer({ data: row });
    }
    if (method === 'POST' && url === 'bookmarks') {
      const body = data as Bookmark;
      if (body.address.includes('taken')) throw new ValidationError({ webAddress: ['You already keep this address.'] }, 422);
      const created = { ...body, id: 9, state: 'kept' as const };
      rows.push(created);
      return answer({ data: created });
    }
    if (method === 'PUT' && row) return answer({ data: Object.assign(row, data as Bookmark) });
    if (method === 'DELETE' && row) {
      rows.splice(rows.indexOf(row), 1);
      return answer({ data: { id } });
    }
    throw Object.assign(new Error('Not found'), { status: 404 });
  });
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string, at: { registry: typeof registry; routes: RouteDef[] } = { registry, routes }) {
  return render(
    <StoreContext.Provider value={stores}>
      <IntlProvider locale="en" messages={messages} onError={() => {}}>
        <ResourceRegistryContext.Provider value={at.registry}>
          <MemoryRouter initialEntries={[path]}>
            <Where />
            <Routes>
              {at.routes.map((route: RouteDef) => {
                const Page = PAGES[route.id.split('.').pop() as keyof typeof PAGES];
                return <Route key={route.id} path={route.path} element={<RoutePage route={{ ...route, section: undefined }}><Page /></RoutePage>} />;
              })}
            </Routes>
          </MemoryRouter>
        </ResourceRegistryContext.Provider>
      </IntlProvider>
    </StoreContext.Provider>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const sample = (): Bookmark[] => [
  { id: 1, name: 'Docs', address: 'https://docs.example.com', state: 'kept' },
  { id: 2, name: 'Locked', address: 'https://locked.example.com', state: 'kept', see_also: [{ id: 1, name: 'Docs' }, { id: 3, name: 'Old news' }] },
  { id: 3, name: 'Old news', address: 'https://news.example.com', state: 'archived' },
];

describe('a resource added as JSON only', () => {
  it('gets its routes, behind its section, and its menu entry where its manifest puts it', () => {
    expect(routes.map((r) => [r.id, r.path, r.section, r.title?.english])).toEqual([
      ['resource.bookmarks.list', '/bookmarks', 'Dashboard', 'Bookmarks'],
      ['resource.bookmarks.create', '/bookmarks/new', 'Dashboard', 'New bookmark'],
      ['resource.bookmarks.edit', '/bookmarks/:id/change', 'Dashboard', 'Change the bookmark'],
      ['resource.bookmarks.view', '/bookmarks/:id', 'Dashboard', 'Bookmark'],
    ]);
    const entries = withResourceEntries('general', general.entries as MenuEntryDef[], [manifest]);
    const at = entries.findIndex((e) => e.id === 'bookmarks');
    expect(entries[at - 1].id).toBe('dashboard');
    expect(entries[at]).toMatchObject({ title: 'Bookmarks', route: '/bookmarks', icon: 'dashboard', section: 'Dashboard', titleId: 'resource.bookmarks.title' });
    expect(withResourceEntries('help', [], [manifest])).toEqual([]);
  });

  it('lists its objects with the filter kept in the URL, and archives one in place', async () => {
    const calls = serve(sample());
    renderAt('/bookmarks?state=kept');
    expect(await screen.findByRole('link', { name: 'Docs' })).toBeTruthy();
    expect(screen.queryByText('Old news')).toBeNull();
    expect(calls[0]).toMatchObject({ url: 'bookmarks', params: { state: ['kept'], page: 1, per_page: 15 } });
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement).value).toBe('kept');

    fireEvent.click(screen.getByRole('button', { name: 'Archive: Docs' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'POST', url: 'bookmarks/1/archive' }));
    const row = screen.getByRole('link', { name: 'Docs' }).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Archived')).toBeTruthy());
    // An archived bookmark offers no Archive any more (its status does not allow it).
    expect(within(row).queryByRole('button', { name: 'Archive: Docs' })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: '' } });
    await waitFor(() => expect(where()).toBe('/bookmarks'));
  });

  it('runs a bulk action on the selected rows and reports what was done, skipped and why each failed', async () => {
    serve(sample());
    renderAt('/bookmarks');
    await screen.findByRole('link', { name: 'Docs' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    const toolbar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 row done.')).toBeTruthy();
    expect(within(dialog).getByText('Old news: skipped, because it is Archived.')).toBeTruthy();
    expect(within(dialog).getByText('Locked: This one is locked.')).toBeTruthy();
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const rows = sample();
    const calls = serve(rows);
    renderAt('/bookmarks');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Docs' }));
    expect(await screen.findByText('Delete the bookmark Docs?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Delete the bookmark Docs?')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Docs' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Docs' })).toBeNull());
    expect(rows.map((r) => r.id)).toEqual([2, 3]);
  });

  it('creates through its own form, keeps what was typed when the server refuses, and shows the error under the field', async () => {
    const calls = serve(sample());
    renderAt('/bookmarks/new');
    const title = await screen.findByLabelText(/^Title/);
    fireEvent.change(title, { target: { value: 'Shop' } });
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: 'https://taken.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('You already keep this address.')).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Shop');

    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: 'https://shop.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(where()).toBe('/bookmarks/9'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({ url: 'bookmarks', data: { name: 'Shop', address: 'https://shop.example.com' } });
    expect(await screen.findByRole('link', { name: 'https://shop.example.com' })).toBeTruthy();
  });

  it('edits an object, filled with its values, and says so when it is not there', async () => {
    const rows = sample();
    serve(rows);
    renderAt('/bookmarks/1/change');
    const title = (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
    expect(title.value).toBe('Docs');
    fireEvent.change(title, { target: { value: 'Manuals' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toBe('/bookmarks/1'));
    expect(rows[0].name).toBe('Manuals');
  });

  it('shows a list of objects by name, each linking to its route, a dash where the list is missing, and only the links its status allows', async () => {
    serve(sample());
    renderAt('/bookmarks/2');
    const docs = await screen.findByRole('link', { name: 'Docs' });
    expect(screen.queryByRole('button', { name: 'Other archived bookmarks' })).toBeNull();
    expect(docs.getAttribute('href')).toBe('/bookmarks/1');
    expect(screen.getByRole('link', { name: 'Old news' }).getAttribute('href')).toBe('/bookmarks/3');
    fireEvent.click(docs);
    await waitFor(() => expect(where()).toBe('/bookmarks/1'));
    const seeAlso = await screen.findByText('See also');
    expect(within(seeAlso.closest('tr') ?? seeAlso.parentElement!).getByLabelText('Not set')).toBeTruthy();
    cleanup();
    renderAt('/bookmarks/3');
    expect((await screen.findByRole('button', { name: 'Other archived bookmarks' })).getAttribute('href')).toBe('/bookmarks?state=archived');
  });

  it('shows "not found" for an object that does not exist or is not the user’s', async () => {
    serve(sample());
    renderAt('/bookmarks/77');
    expect(await screen.findByText('Bookmark not found: it does not exist, or it is not yours.')).toBeTruthy();
    await act(async () => {});
  });
});

describe('a manifest that limits editing to some statuses, has a file action, and a link that fills its form', () => {
  const strict: ResourceManifest = {
    ...manifest,
    actions: [...manifest.actions!, { id: 'export', title: 'Export', icon: 'download', call: { method: 'GET', path: 'bookmarks/{id}/export' }, answer: 'file' }],
    form: { ...manifest.form!, statuses: ['kept'] },
  };
  const strictRegistry = new Map([['bookmarks', { ...registry.get('bookmarks')!, manifest: strict }]]);
  const at = { registry: strictRegistry, routes: resourceRoutes([strict]) };

  it('offers Edit only for the statuses that allow it, and the edit page of another says why and leads back', async () => {
    serve(sample());
    const list = renderAt('/bookmarks', at);
    await screen.findByRole('link', { name: 'Docs' });
    expect(screen.getByRole('button', { name: 'Edit: Docs' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit: Old news' })).toBeNull();
    list.unmount();
    renderAt('/bookmarks/3/change', at);
    expect(await screen.findByText('“Old news” cannot be edited')).toBeTruthy();
    expect(screen.getByText('Only one that is Kept can be changed.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to “Old news”' }).getAttribute('href')).toBe('/bookmarks/3');
  });

  it('saves the document of a file action under the name its answer gives', async () => {
    const calls = serve(sample());
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:bookmark');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderAt('/bookmarks', at);
    fireEvent.click(await screen.findByRole('button', { name: 'Export: Docs' }));
    await waitFor(() => expect(saved).toEqual(['Docs.csv blob:bookmark']));
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: 'bookmarks/1/export', responseType: 'blob' });
    click.mockRestore();
  });

  it('fills the create form from the link’s query', async () => {
    serve(sample());
    renderAt('/bookmarks/new?name=Shop&address=https%3A%2F%2Fshop.example.com&state=archived', at);
    expect(((await screen.findByLabelText(/^Title/)) as HTMLInputElement).value).toBe('Shop');
    expect((screen.getByLabelText(/^Address/) as HTMLInputElement).value).toBe('https://shop.example.com');
  });
});
