import { composeStory } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexerOptions } from 'storybook/internal/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adFormatIds, adFormatStories, formatExportName } from '../../.storybook/adFormatStories';
import { appendStories, generatedStoriesIndexer } from '../../.storybook/generatedStories';
import { schemaCatalogStories } from '../../.storybook/schemaStories';
import { mediaUses, placeholderFiles } from '../fixtures/formatMedia';
import { catalog } from '../forms/SchemaFormStory';
import { AD_FORMATS, creativeSchemaId, formatStory } from './AdFormatStory';
import meta from './AdFormats.stories';

/**
 * The story exports of AdFormats.stories.tsx exist only in the Storybook build (the Vite plugin of
 * .storybook/generatedStories.ts appends them). So these tests check the generation itself (index and appended
 * exports for every folder), then compose every folder's story from the same factory the exports use.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'schemas', 'ad-formats');
const STORIES_FILE = join(ROOT, 'stories', 'ads', 'AdFormats.stories.tsx');

/** The folder list itself: every folder of schemas/ad-formats with a format.json. */
const folders = readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(DIR, entry.name, 'format.json')))
  .map((entry) => entry.name)
  .sort();

const options = { makeTitle: (title?: string) => title ?? '' } as IndexerOptions;

// The VAST example would fetch its tag; tests never go to the network.
beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {}))));
afterEach(() => vi.unstubAllGlobals());

describe('the generated ad format stories', () => {
  it('finds the format folders', () => {
    expect(folders.length).toBeGreaterThan(0);
    expect([...adFormatIds(ROOT)].sort()).toEqual(folders);
    // What the stories read in the browser (import.meta.glob) is the same list.
    expect([...AD_FORMATS.keys()]).toEqual(folders);
  });

  it('indexes one story per folder, named as its manifest', async () => {
    const entries = await generatedStoriesIndexer(adFormatStories(ROOT)).createIndex(STORIES_FILE, options);
    const byExport = new Map(entries.map((entry) => [entry.exportName, entry]));
    expect(entries).toHaveLength(folders.length);
    for (const id of folders) {
      const manifest = JSON.parse(readFileSync(join(DIR, id, 'format.json'), 'utf8')) as { name: string };
      expect(byExport.get(formatExportName(id))).toMatchObject({ type: 'story', title: 'Ads/Formats', name: manifest.name, importPath: STORIES_FILE });
    }
  });

  it('appends the export of every folder to the stories file', () => {
    const code = appendStories(adFormatStories(ROOT), readFileSync(STORIES_FILE, 'utf8'));
    expect(code).toContain('import { formatStory as __generatedStory } from "./AdFormatStory.tsx";');
    for (const id of folders) expect(code).toContain(`export const ${formatExportName(id)} = __generatedStory(${JSON.stringify(id)});`);
  });

  it('keeps the schema catalog stories: "Catalog" and one per schema', async () => {
    const spec = schemaCatalogStories(ROOT);
    const entries = await generatedStoriesIndexer(spec).createIndex('SchemaForms.stories.tsx', options);
    expect(entries[0]).toMatchObject({ exportName: 'Catalog', name: 'Catalog', title: 'Forms/Schema catalog' });
    expect(entries.slice(1).map((e) => e.name)).toEqual(catalog.ids().sort());
    expect(appendStories(spec, '')).toContain('export const schema_ad_formats_banner_creative = __generatedStory("ad_formats_banner_creative");');
  });

  it('gives a new folder its story, and skips a folder without format.json', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ad-formats-'));
    try {
      const dir = join(root, 'schemas', 'ad-formats');
      mkdirSync(join(dir, 'rich-media'), { recursive: true });
      mkdirSync(join(dir, 'notes'));
      writeFileSync(join(dir, 'rich-media', 'format.json'), JSON.stringify({ id: 'rich-media', name: 'Rich Media', preview: 'banner', order: 5 }));
      const spec = adFormatStories(root);
      expect(adFormatIds(root)).toEqual(['rich-media']);
      expect(await generatedStoriesIndexer(spec).createIndex(STORIES_FILE, options)).toEqual([
        { type: 'story', importPath: STORIES_FILE, exportName: 'RichMedia', name: 'Rich Media', title: 'Ads/Formats' },
      ]);
      expect(appendStories(spec, '')).toContain('export const RichMedia = __generatedStory("rich-media");');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('names story exports that cannot clash', () => {
    expect(formatExportName('in-page')).toBe('InPage');
    expect(formatExportName('ios-calendar')).toBe('IosCalendar');
    expect(formatExportName('3d-banner')).toBe('Format3dBanner');
    const spec = { ...adFormatStories(ROOT), ids: () => ['in-page', 'in_page'] };
    expect(() => appendStories(spec, '')).toThrow(/"in_page" gives the export name "InPage", already used by id "in-page"/);
  });
});

describe.each(folders)('format %s', (id) => {
  const format = AD_FORMATS.get(id)!;
  const example = format.examples.valid[0];
  const Story = composeStory(formatStory(id), meta, {}, formatExportName(id));

  /** Renders the story and waits until the form, its media and the preview have loaded. */
  async function renderStory() {
    render(<Story latencyMs={0} />);
    const name = (await screen.findByRole('textbox', { name: /^Name\b/ })) as HTMLInputElement;
    const preview = screen.getByRole('complementary', { name: 'Preview' });
    await waitFor(() => {
      expect(screen.queryAllByText('Loading the preview…')).toHaveLength(0);
      expect(screen.queryAllByText('Loading the file…')).toHaveLength(0);
    });
    return { name, preview };
  }

  it('shows the first valid example in the form beside a drawn preview', async () => {
    expect(example, `schemas/ad-formats/${id}/examples.json has no valid example`).toBeDefined();
    const { name, preview } = await renderStory();
    expect(name.value).toBe(example.data.name);
    expect(screen.queryByText('The preview could not be drawn.')).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    const drawing = preview.lastElementChild;
    expect(drawing?.tagName).not.toBe('H4');
    expect(drawing?.textContent || drawing?.querySelector('img, video, iframe')).toBeTruthy();

    // Every file of the creative on show (and of the ad itself) reached the preview: the placeholder ids resolved.
    const entry = await catalog.load(creativeSchemaId(id));
    const files = placeholderFiles(entry.uiSchema, example.data, format.manifest.preview);
    const onShow = mediaUses(entry.uiSchema, example.data).filter((use) => !use.path.startsWith('creatives.') || use.path.startsWith('creatives.0.'));
    // The files arrive from the fixture media server after the form's first drawing: wait for them.
    await waitFor(() => {
      const drawn = [...preview.querySelectorAll('img, video, iframe')].map((el) => el.getAttribute('src'));
      for (const use of onShow) expect(drawn, `${use.path}: ${use.kind} #${use.id} (${files.get(use.id)?.name})`).toContain(files.get(use.id)?.src);
    });

    // URL fields that take tokens offer them, as on the page (formContext.tokens).
    if (JSON.stringify(entry.uiSchema).includes('"tokens":true')) expect((await screen.findAllByRole('button', { name: /^Insert a token/ })).length).toBeGreaterThan(0);
  });

  it.each(format.examples.invalid)('loads and submits the invalid example “$title” so its errors show', async (invalid) => {
    await renderStory();
    fireEvent.click(screen.getByRole('button', { name: `Load and submit “${invalid.title}”` }));
    const result = await screen.findByText(`Submitted “${invalid.title}”`);
    const callout = result.closest('.bp6-callout') as HTMLElement;
    const shown = callout.dataset.errors ? callout.dataset.errors.split(' ') : [];
    const dropped = callout.dataset.dropped ? callout.dataset.dropped.split(' ') : [];
    // Each expected error shows under its field, unless the form drops that part before sending: the schema hides
    // it in this state, so the panel never sends it (only a direct API call could, and the server refuses it).
    for (const field of invalid.errors ?? []) {
      const covered = shown.includes(field) || dropped.some((path) => field === path || field.startsWith(`${path}.`) || path.startsWith(`${field}.`));
      expect(covered, `${field}: errors at ${shown.join(', ') || 'none'}; dropped ${dropped.join(', ') || 'none'}`).toBe(true);
    }
    // A field's error marks its group; a list's or the form's own shows as its text alone (widgets/theme/FieldTemplate).
    if (shown.length) expect(document.querySelectorAll('.bp6-form-group.bp6-intent-danger, .ap-field-error').length).toBeGreaterThan(0);
  });
});
