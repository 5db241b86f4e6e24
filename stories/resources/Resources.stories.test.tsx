import { composeStory } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexerOptions } from 'storybook/internal/types';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { appendStories, generatedStoriesIndexer } from '../../.storybook/generatedStories';
import { resourceExportName, resourceIds, resourceStories } from '../../.storybook/resourceStories';
import type { ResourceManifest } from '../../engine/resource/manifest';
import { RESOURCES } from '../../src/resources/registry';
import { ResourceTable, resourceStory } from './ResourceStory';
import meta from './Resources.stories';

/**
 * The story exports of Resources.stories.tsx exist only in the Storybook build (the Vite plugin of
 * .storybook/generatedStories.ts appends them). So these tests check the generation itself (index and appended
 * exports for every manifest), then compose every manifest's story from the same factory the exports use.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const STORIES_FILE = join(ROOT, 'stories', 'resources', 'Resources.stories.tsx');
const options = { makeTitle: (title?: string) => title ?? '' } as IndexerOptions;
const SLOW = 20_000;

/** The manifests themselves: every schemas/<area>/*.resource.json, read from disk. */
const manifests: ResourceManifest[] = readdirSync(join(ROOT, 'schemas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((area) =>
    readdirSync(join(ROOT, 'schemas', area.name))
      .filter((name) => name.endsWith('.resource.json'))
      .map((name) => JSON.parse(readFileSync(join(ROOT, 'schemas', area.name, name), 'utf8')) as ResourceManifest),
  )
  .sort((a, b) => a.id.localeCompare(b.id));
const ids = manifests.map((m) => m.id);

describe('the generated resource stories', () => {
  it('finds every manifest, as the panel does', () => {
    expect(ids.length).toBeGreaterThan(0);
    expect(resourceIds(ROOT)).toEqual(ids);
    // What the stories read in the browser (the panel's registry, import.meta.glob) is the same list.
    expect([...RESOURCES.keys()].sort()).toEqual(ids);
  });

  it('indexes the Overview, then one story per manifest named by its title', async () => {
    const entries = await generatedStoriesIndexer(resourceStories(ROOT)).createIndex(STORIES_FILE, options);
    expect(entries[0]).toMatchObject({ type: 'story', exportName: 'Overview', name: 'Overview', title: 'Resources/Manifests' });
    expect(entries.slice(1)).toEqual(
      manifests.map((m) => ({ type: 'story', importPath: STORIES_FILE, exportName: resourceExportName(m.id), name: m.title, title: 'Resources/Manifests' })),
    );
  });

  it('appends the export of every manifest to the stories file', () => {
    const code = appendStories(resourceStories(ROOT), readFileSync(STORIES_FILE, 'utf8'));
    expect(code).toContain('import { resourceStory as __generatedStory } from "./ResourceStory.tsx";');
    for (const id of ids) expect(code).toContain(`export const ${resourceExportName(id)} = __generatedStory(${JSON.stringify(id)});`);
  });

  it('gives a new manifest its story, and a broken one its file name', async () => {
    const root = mkdtempSync(join(tmpdir(), 'resources-'));
    try {
      mkdirSync(join(root, 'schemas', 'shop'), { recursive: true });
      writeFileSync(join(root, 'schemas', 'shop', 'coupons.resource.json'), JSON.stringify({ id: 'coupons', title: 'Coupons' }));
      writeFileSync(join(root, 'schemas', 'shop', 'gift-cards.resource.json'), '{ not json');
      writeFileSync(join(root, 'schemas', 'shop', 'coupons.columns.json'), '{}');
      const spec = resourceStories(root);
      expect(resourceIds(root)).toEqual(['coupons', 'gift-cards']);
      expect((await generatedStoriesIndexer(spec).createIndex(STORIES_FILE, options)).map((e) => [e.exportName, e.name])).toEqual([
        ['Overview', 'Overview'],
        ['Coupons', 'Coupons'],
        ['GiftCards', 'gift-cards'],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('names story exports that cannot clash with the Overview or start with a digit', () => {
    expect(resourceExportName('rtb-endpoints')).toBe('RtbEndpoints');
    expect(resourceExportName('overview')).toBe('ResourceOverview');
    expect(resourceExportName('3d-models')).toBe('Resource3dModels');
  });

  it('lists every resource in the Overview: id, title, API path and routes', () => {
    render(<ResourceTable />);
    const rows = screen.getAllByRole('row');
    for (const m of manifests) {
      const row = rows.find((r) => r.querySelector('td')?.textContent === m.id)!;
      expect(row, m.id).toBeDefined();
      const [, title, path, routes] = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
      expect([title, path]).toEqual([m.title, m.api.path]);
      expect(routes).toContain(`list: ${m.routes.list}`);
      if (m.routes.view) expect(routes).toContain(`view: ${m.routes.view}`);
    }
  });
});

/** console.error calls (React's, the pages' own): a story renders without any. */
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errors.mock.calls.map((args) => args.map(String).join(' '));
  errors.mockRestore();
  expect(calls).toEqual([]);
});

const noFailure = () => {
  expect(screen.queryByText('This page could not be loaded. Reload to try again.')).toBeNull();
  expect(screen.queryByText(/could not be loaded/)).toBeNull();
  expect(screen.queryByText(/not found: it does not exist/)).toBeNull();
};

describe.each(manifests)('resource $id', (manifest) => {
  const Story = composeStory(resourceStory(manifest.id), meta, {}, resourceExportName(manifest.id));
  const linkColumn = manifest.list.link ?? manifest.api.nameField ?? 'name';
  const linked = linkColumn === (manifest.api.nameField ?? 'name') && manifest.routes.view;

  it('shows its list: the title, the first page of sample rows, newest first', { timeout: SLOW }, async () => {
    render(<Story latencyMs={0} />);
    expect(await screen.findByRole('heading', { name: manifest.title }, { timeout: 5000 })).toBeTruthy();
    const first = `${manifest.item} 1`;
    if (linked) expect(await screen.findByRole('link', { name: first }, { timeout: 5000 })).toBeTruthy();
    else expect(await screen.findByText(first, {}, { timeout: 5000 })).toBeTruthy();
    const table = screen.getByText(first).closest('table')!;
    const pageSize = (manifest.list.pageSizes ?? [15])[0];
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(pageSize === -1 ? 20 : Math.min(20, pageSize)));
    // A status column shows the manifest's labels.
    const statuses = Object.values(manifest.statuses ?? {}).map((s) => s.title);
    if (statuses.length) expect(within(table).getAllByText(statuses[0]).length).toBeGreaterThan(0);
    noFailure();
  });

  it.runIf(manifest.routes.view)('shows the view page of the first row', { timeout: SLOW }, async () => {
    render(<Story latencyMs={0} page="view" />);
    expect(await screen.findByRole('heading', { name: `${manifest.item} 1` }, { timeout: 5000 })).toBeTruthy();
    for (const field of manifest.view!.fields) expect(screen.getByRole('rowheader', { name: field.title })).toBeTruthy();
    noFailure();
  });

  it.runIf(manifest.form)('shows the create form', { timeout: SLOW }, async () => {
    render(<Story latencyMs={0} page="create" />);
    expect(await screen.findByRole('heading', { name: manifest.texts.create ?? manifest.item }, { timeout: 5000 })).toBeTruthy();
    // The form's own submit button (its UI schema's text, or Create) beside Cancel.
    await waitFor(() => expect(document.querySelector('form button[type="submit"]')).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    noFailure();
  });
});

describe('a resource story', () => {
  it('switches pages with its buttons and runs an action on the in-memory API', { timeout: SLOW }, async () => {
    const feeds = manifests.find((m) => m.id === 'feeds');
    if (!feeds) return;
    const Story = composeStory(resourceStory('feeds'), meta, {}, 'Feeds');
    render(<Story latencyMs={0} />);
    const row = (await screen.findByRole('link', { name: 'Feed 1' }, { timeout: 5000 })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Pause: Feed 1' }));
    await waitFor(() => expect(within(row).getByText('Paused')).toBeTruthy());
    expect(screen.getByText(/^POST feeds\/1\/pause/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View of the first row' }));
    expect(await screen.findByRole('heading', { name: 'Feed 1' })).toBeTruthy();
    expect(screen.getByLabelText('Panel URL').textContent).toBe('/feeds/1');
    // The change made on the list is the API's: the view shows it too.
    expect(within(screen.getByRole('rowheader', { name: 'Status' }).closest('tr')!).getByText('Paused')).toBeTruthy();
  });

  it('opens the edit form of the first row filled in and valid, and saves it through the in-memory API', { timeout: SLOW }, async () => {
    const endpoints = manifests.find((m) => m.id === 'rtb-endpoints');
    if (!endpoints?.routes.edit) return;
    const Story = composeStory(resourceStory('rtb-endpoints'), meta, {}, 'RtbEndpoints');
    render(<Story latencyMs={0} page="edit" />);
    const name = (await screen.findByRole('textbox', { name: /^Name\b/ }, { timeout: 5000 })) as HTMLInputElement;
    expect(name.value).toBe('RTB endpoint 1');
    fireEvent.change(name, { target: { value: 'EU bidder' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Saved: the panel opens the endpoint's view, which shows the new name.
    await waitFor(() => expect(screen.getByLabelText('Panel URL').textContent).toBe('/rtb/endpoints/1'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { name: 'EU bidder' })).toBeTruthy();
    expect(screen.getByText(/^PATCH rtb-endpoints\/1 /)).toBeTruthy();
  });
});
