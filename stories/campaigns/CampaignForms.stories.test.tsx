import { composeStory } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexerOptions } from 'storybook/internal/types';
import { describe, expect, it } from 'vitest';
import { adFormatIds, adFormatStories, formatExportName } from '../../.storybook/adFormatStories';
import { campaignFormStories } from '../../.storybook/campaignStories';
import { appendStories, generatedStoriesIndexer } from '../../.storybook/generatedStories';
import { answerItems, findOptionSources, LookupStore, resolveParams, toOptions } from '../../engine/lookup';
import { offeredTargets } from '../../src/areas/campaigns/campaignForm';
import { catalog } from '../forms/SchemaFormStory';
import { CAMPAIGN_FORMATS, EXAMPLE_COUNTRIES, exampleCampaign } from './campaignFixtures';
import { CAMPAIGN_SCHEMA_ID, campaignStory } from './CampaignFormStory';
import { createCampaignTransport } from './campaignTransport';
import meta from './CampaignForms.stories';
import { estimate } from './trafficEstimate';

/**
 * The story exports of CampaignForms.stories.tsx exist only in the Storybook build (the Vite plugin of
 * .storybook/generatedStories.ts appends them). So these tests check the generation itself, then compose every
 * format folder's story from the same factory the exports use and check what it shows against the data: the
 * format's targets as AdNet narrows them, its pricing models, and a traffic estimate.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'schemas', 'ad-formats');
const STORIES_FILE = join(ROOT, 'stories', 'campaigns', 'CampaignForms.stories.tsx');
const readJson = <T,>(...path: string[]) => JSON.parse(readFileSync(join(ROOT, ...path), 'utf8')) as T;

const folders = readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(DIR, entry.name, 'format.json')))
  .map((entry) => entry.name)
  .sort();

/** The data the stories must agree with, read from the files themselves. */
const adnet = readJson<{ targetTypes: string[] }>('network-configs', 'adnet.json');
const manifest = (id: string) => readJson<{ name: string; pricingModels: string[]; targets: string[] }>('schemas', 'ad-formats', id, 'format.json');
const targetTitle = (id: string) => readJson<{ schema: { title: string } }>('schemas', 'targets', `${id}.target.json`).schema.title;
const pricingTitles = new Map(
  readJson<{ properties: { pricing_model: { oneOf: { const: string; title: string }[] } } }>('schemas', 'campaigns', 'campaign.schema.json').properties.pricing_model.oneOf.map(
    (o) => [o.const, o.title] as const,
  ),
);

const options = { makeTitle: (title?: string) => title ?? '' } as IndexerOptions;
/** A whole form with its lookups and estimate renders in a second or two, the first one (cold imports) in more. */
const SLOW = 20_000;

describe('the generated campaign form stories', () => {
  it('has one format per folder, as Ads/Formats', () => {
    expect(folders.length).toBeGreaterThan(0);
    expect([...adFormatIds(ROOT)].sort()).toEqual(folders);
    expect([...CAMPAIGN_FORMATS.keys()].sort()).toEqual(folders);
  });

  it('indexes one story per folder under Campaigns/Form, named as its manifest', async () => {
    const entries = await generatedStoriesIndexer(campaignFormStories(adFormatStories(ROOT))).createIndex(STORIES_FILE, options);
    expect(entries).toHaveLength(folders.length);
    const byExport = new Map(entries.map((entry) => [entry.exportName, entry]));
    for (const id of folders) {
      expect(byExport.get(formatExportName(id))).toMatchObject({ type: 'story', title: 'Campaigns/Form', name: manifest(id).name, importPath: STORIES_FILE });
    }
  });

  it('appends the export of every folder to the stories file', () => {
    const code = appendStories(campaignFormStories(adFormatStories(ROOT)), readFileSync(STORIES_FILE, 'utf8'));
    expect(code).toContain('import { campaignStory as __generatedStory } from "./CampaignFormStory.tsx";');
    for (const id of folders) expect(code).toContain(`export const ${formatExportName(id)} = __generatedStory(${JSON.stringify(id)});`);
  });
});

describe('the fixture API', () => {
  it('is AdNet: its targetTypes decide which targets the stories offer', async () => {
    const body = (await createCampaignTransport({ latencyMs: 0 })({ method: 'GET', url: 'network', signal: new AbortController().signal })) as { data: { targetTypes: string[] } };
    expect(body.data.targetTypes).toEqual(adnet.targetTypes);
  });

  it('answers every lookup of the campaign form and its targets with options', async () => {
    const entry = await catalog.load(CAMPAIGN_SCHEMA_ID);
    const sources = findOptionSources(entry.uiSchema);
    expect(sources.length).toBeGreaterThan(20);
    const transport = createCampaignTransport({ latencyMs: 0 });
    const lookups = new LookupStore({ transport });
    const format = CAMPAIGN_FORMATS.get('banner')!;
    const values = exampleCampaign(format, offeredTargets(adnet.targetTypes, format));
    for (const { path, source } of sources) {
      const request = lookups.requestFor(source, resolveParams(source, values), '');
      const body = await transport({ ...request, signal: new AbortController().signal });
      expect(toOptions(answerItems(body, path), source).length, `${path}: ${request.method} ${request.url}`).toBeGreaterThan(0);
    }
  });
});

describe('the fixture traffic estimate', () => {
  const body = (targets: Record<string, Record<string, unknown>>, extra: object = {}) => ({ ad_format_id: 'popunder', pricing_model: 'cpm', targets, ...extra });
  const impressions = (targets: Record<string, Record<string, unknown>>) => estimate(body(targets)).total.impressions;

  it('answers the same request the same way', () => {
    expect(estimate(body({ country: { accept: true, countries: EXAMPLE_COUNTRIES } }))).toEqual(estimate(body({ country: { accept: true, countries: EXAMPLE_COUNTRIES } })));
  });

  it('has fewer impressions the more countries are excluded, or the fewer are kept', () => {
    const [de, fr, gb] = EXAMPLE_COUNTRIES;
    expect(impressions({ country: { accept: false, countries: [de, fr, gb] } })).toBeLessThan(impressions({ country: { accept: false, countries: [de] } }));
    expect(impressions({ country: { accept: false, countries: [de] } })).toBeLessThan(impressions({}));
    expect(impressions({ country: { accept: true, countries: [de] } })).toBeLessThan(impressions({ country: { accept: true, countries: [de, fr, gb] } }));
    expect(impressions({ 'connection-type': { type: 'wifi' } })).toBeLessThan(impressions({}));
    expect(impressions({ 'operating-system': { accept: true, operating_systems: [2] } })).toBeLessThan(impressions({ 'operating-system': { accept: true, operating_systems: [1, 2] } }));
  });

  it('recommends a price per pricing model, wins more at a higher price, and names what it does not count', () => {
    const cpm = estimate(body({})).total;
    const cpc = estimate(body({}, { pricing_model: 'cpc' })).total;
    expect(Number(cpm.recommended_price)).toBeGreaterThan(Number(cpc.recommended_price));
    expect(estimate(body({}, { price: '3.00' })).total.impressions).toBeGreaterThan(estimate(body({}, { price: '1.00' })).total.impressions);
    expect(estimate(body({ uniques: { accept: true, cap: 1, ttl: 24 }, city: { cities: [100001] } })).total.unnarrowed_targets).toEqual(['uniques', 'city']);
    const rows = estimate(body({ country: { accept: true, countries: EXAMPLE_COUNTRIES } })).byCountry;
    expect(rows.map((r) => r.country_id).sort()).toEqual([...EXAMPLE_COUNTRIES].sort());
  });
});

/** The title of a form section (not of the sections inside it). */
const titleOf = (s: Element) => s.querySelector(':scope > .bp6-section-header .bp6-section-header-title')?.textContent ?? '';

/** A section of the form by its title. */
function section(title: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('.ap-section')].find((s) => titleOf(s) === title);
  if (!found) throw new Error(`The form has no section "${title}"`);
  return found;
}

/** The titles of the target sections under the form's "Targeting" heading, in the order shown. */
const targetSections = () => [...document.querySelectorAll('#root_targets .ap-section')].map(titleOf);

/** The estimate panel, once it has settled, and the impressions per day it shows. */
async function settledEstimate(): Promise<number> {
  const panel = document.querySelector('[aria-labelledby="estimate-title"]') as HTMLElement;
  let shown = NaN;
  await waitFor(
    () => {
      expect(panel.getAttribute('aria-busy')).toBe('false');
      shown = Number((screen.getByTestId('estimate-impressions').textContent ?? '').replace(/[^\d]/g, ''));
      expect(shown).toBeGreaterThan(0);
    },
    { timeout: 5000 },
  );
  return shown;
}

describe.each(folders)('format %s', (id) => {
  const format = CAMPAIGN_FORMATS.get(id)!;
  const offered = offeredTargets(adnet.targetTypes, manifest(id));
  const Story = composeStory(campaignStory(id), meta, {}, formatExportName(id));

  it('shows the filled-in campaign form with only the format’s targets and pricing models, beside a traffic estimate', { timeout: SLOW }, async () => {
    render(<Story latencyMs={0} />);
    const name = (await screen.findByRole('textbox', { name: /^Name\b/ }, { timeout: 5000 })) as HTMLInputElement;
    expect(name.value).toBe(exampleCampaign(format, offered).name);

    // Targets: those both the format and AdNet name, in AdNet's order; no other target is rendered.
    expect(targetSections()).toEqual(offered.map(targetTitle));

    // Pricing models: the format's (in the schema's order), its first one chosen (newCampaign).
    // (The radio widget may still be loading its code when the first fields show.)
    const models = [...pricingTitles.keys()].filter((m) => manifest(id).pricingModels.includes(m));
    await waitFor(() => {
      const radios = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"][name="root_pricing_model"]')];
      expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(models.map((m) => pricingTitles.get(m)));
      expect(radios.find((r) => r.checked)?.closest('label')?.textContent).toBe(pricingTitles.get(manifest(id).pricingModels[0]));
    });

    // The example's targets, open and filled in: countries and operating systems by name, Wi-Fi only.
    if (offered.includes('country')) for (const country of ['Germany', 'France', 'United Kingdom']) await within(section('Countries')).findByText(country);
    if (offered.includes('operating-system')) await within(section('Operating systems')).findByText('Android');
    if (offered.includes('connection-type')) expect(within(section('Connection type')).getByLabelText('Wi-Fi only')).toHaveProperty('checked', true);

    expect(await settledEstimate()).toBeGreaterThan(0);
    expect(screen.getByText(/^Recommended price: \$\d+\.\d{4}$/)).toBeTruthy();
  });
});

describe('what a story shows of its format', () => {
  const renderFormat = async (id: string) => {
    const Story = composeStory(campaignStory(id), meta, {}, formatExportName(id));
    render(<Story latencyMs={0} />);
    await screen.findByRole('textbox', { name: /^Name\b/ }, { timeout: 5000 });
    return targetSections();
  };

  it('web push has a subscription age, popunder has not; in-page has in-page traffic', { timeout: SLOW }, async () => {
    expect(await renderFormat('web-push')).toContain('Subscription age');
    cleanup();
    const popunder = await renderFormat('popunder');
    expect(popunder).not.toContain('Subscription age');
    expect(popunder).not.toContain('In-page traffic');
    cleanup();
    expect(await renderFormat('in-page')).toContain('In-page traffic');
  });

  it('moves the estimate when the targets change, and “Use it” puts the recommended price in the form', { timeout: SLOW }, async () => {
    await renderFormat('popunder');
    const kept = await settledEstimate();
    // The example keeps Germany, France and the United Kingdom; turning "Include" off excludes them instead.
    fireEvent.click(within(section('Countries')).getByLabelText(/^Include/));
    await waitFor(async () => expect(await settledEstimate()).toBeGreaterThan(kept), { timeout: 5000 });

    const recommended = /Recommended price: \$([\d.]+)/.exec(screen.getByText(/^Recommended price:/).textContent ?? '')?.[1];
    expect(recommended).toMatch(/^\d+\.\d{4}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Use it' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Price\b/ }) as HTMLInputElement).value).toBe(recommended));
  });

  it('starts over as the page starts a new campaign (newCampaign), or from the example again', { timeout: SLOW }, async () => {
    await renderFormat('web-push');
    fireEvent.click(screen.getByRole('button', { name: 'Start as a new campaign' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Name\b/ }) as HTMLInputElement).value).toBe(''));
    // Nothing is narrowed but the uniques the settings start with: only that section is open.
    expect(screen.queryByLabelText('Wi-Fi only')).toBeNull();
    expect(await settledEstimate()).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Start from the example' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Name\b/ }) as HTMLInputElement).value).toMatch(/^Web Push — /));
  });
});
