import { Button, Callout, Card, Classes, H2, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import type { StoryObj } from '@storybook/react-vite';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FormStore, type FormValues } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { LookupStore, type LookupFormContext } from '../../engine/lookup';
import { MediaStore, type MediaFormContext } from '../../engine/media';
import { schemaIdForPath, type SchemaEntry } from '../../engine/schema/SchemaCatalog';
import styles from '../../src/common/AdFormPage.module.css';
import layout from '../../src/common/adLayout.module.css';
import { theme } from '../../widgets';
import type { TokenFormContext } from '../../widgets/tokens';
import { fixtureMedia } from '../../widgets/ad-preview/fixtures';
import { loadStoryTokens } from '../fixtures/creativeTokens';
import { placeholderFiles } from '../fixtures/formatMedia';
import { createFixtureTransport } from '../fixtures/lookupTransport';
import { createStoryMediaTransport } from '../fixtures/mediaTransport';
import { catalog } from '../forms/SchemaFormStory';
import { FormDataPanel } from '../support/FormDataPanel';
import { PanelEnglish } from './PanelEnglish';
import { AdPreviewPanel } from '../../src/areas/ads/AdPreviewPanel';

/** What the story reads of a format's manifest (schemas/ad-formats/<id>/format.json). */
export interface FormatManifest {
  id: string;
  name: string;
  description?: string;
  preview: string;
}

/** One example of examples.json: realistic form data; an invalid one names the fields its errors appear under. */
export interface FormatExample {
  title: string;
  data: FormValues;
  errors?: string[];
}

/** A format folder as the story sees it. */
export interface AdFormatData {
  /** The folder name, which is the format's id. */
  id: string;
  manifest: FormatManifest;
  examples: { valid: FormatExample[]; invalid: FormatExample[] };
}

// Read by Vite when it bundles the stories: a new folder is picked up without code (the Storybook indexer lists
// the same folders, see .storybook/adFormatStories.ts).
const manifests = import.meta.glob<FormatManifest>('../../schemas/ad-formats/*/format.json', { eager: true, import: 'default' });
const exampleFiles = import.meta.glob<Partial<AdFormatData['examples']>>('../../schemas/ad-formats/*/examples.json', { eager: true, import: 'default' });
const folderOf = (path: string) => path.split('/').at(-2) ?? path;
const examplesByFolder = new Map(Object.entries(exampleFiles).map(([path, file]) => [folderOf(path), file]));

/** Every folder of schemas/ad-formats with a format.json, by id. */
export const AD_FORMATS: ReadonlyMap<string, AdFormatData> = new Map(
  Object.entries(manifests)
    .map(([path, manifest]): AdFormatData => {
      const id = folderOf(path);
      const examples = examplesByFolder.get(id);
      return { id, manifest, examples: { valid: examples?.valid ?? [], invalid: examples?.invalid ?? [] } };
    })
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((format) => [format.id, format]),
);

/** The catalog id of a format's creative form, as the server names it (server/settings/adFormats.ts `creativeSchemaId`). */
export const creativeSchemaId = (formatId: string) => schemaIdForPath(`ad-formats/${formatId}/creative.schema.json`);

const report = (what: string) => (error: unknown) => console.warn(`${what} failed (the widget shows it in place)`, error);

/** The example in the form, and whether it is submitted at once (to show an invalid example's errors). */
interface Shown {
  example: FormatExample;
  verdict: 'valid' | 'invalid';
  submit: boolean;
  /** Bumped per load, so loading the same example again starts over. */
  n: number;
}

interface AdFormProps {
  entry: SchemaEntry;
  format: AdFormatData;
  shown: Shown;
  latencyMs: number;
  /** Under the form, in its column. */
  below: ReactNode;
}

/** The ad form beside its live preview, wired as src/areas/ads/AdFormPage.tsx wires them. */
const AdForm = observer(function AdForm({ entry, format, shown, latencyMs, below }: AdFormProps) {
  const intl = useIntl();
  const { example, submit } = shown;
  // The example's placeholder media ids answer fitting fixture files (stories/fixtures/formatMedia.ts).
  const media = useMemo(() => {
    const files = placeholderFiles(entry.uiSchema, example.data, format.manifest.preview);
    return new MediaStore({ transport: createStoryMediaTransport({ latencyMs, files: (id) => files.get(id) ?? fixtureMedia(id) }), report: report('media') });
  }, [entry, example, format, latencyMs]);
  const lookups = useMemo(() => new LookupStore({ transport: createFixtureTransport({ latencyMs }), report: report('lookup') }), [latencyMs]);
  const store = useMemo(() => new FormStore(entry, { initial: example.data, submit: async (values) => values }), [entry, example]);
  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => {
    if (submit) void store.submit();
  }, [store, submit]);
  const formContext = useMemo<LookupFormContext & MediaFormContext & TokenFormContext>(
    () => ({ lookups, getRootValue: () => store.values, media, tokens: loadStoryTokens }),
    [lookups, store, media],
  );
  const found = Object.keys(store.errors).sort();
  // After the example was submitted (a later edit takes the form back to idle and the note away).
  const settled = submit && (store.status === 'failed' || store.status === 'succeeded');
  const dropped = settled ? droppedPaths(example.data, store.prunedValues()) : [];

  return (
    <div className={layout.columns}>
      <div className={styles.form}>
        <Card>
          {settled && (
            <Callout
              intent={found.length || dropped.length ? Intent.PRIMARY : Intent.WARNING}
              compact
              className={styles.warning}
              title={`Submitted “${example.title}”`}
              data-errors={found.join(' ')}
              data-dropped={dropped.join(' ')}
            >
              <p>
                {found.length ? `The form shows errors at: ${found.join(', ')}.` : 'The form accepted it.'}
                {dropped.length ? ` Before sending, it drops what the schema does not hold in this state (${dropped.join(', ')}), which the server refuses as written.` : ''}
              </p>
              examples.json expects errors at: {(example.errors ?? []).join(', ') || 'none'}.
            </Callout>
          )}
          <SchemaForm store={store} theme={theme} formContext={formContext} submitText={intl.formatMessage({ id: 'adForm.create' })} />
        </Card>
        {below}
        <FormDataPanel values={store.values} submitted={store.status === 'succeeded' ? store.result : undefined} />
      </div>
      <AdPreviewPanel kind={format.manifest.preview} values={store.values} media={(id) => media.get(id)} />
    </div>
  );
});

/** The examples of examples.json, collapsed: a valid one loads into the form, an invalid one loads and is submitted. */
function ExampleList({ format, shown, onLoad }: { format: AdFormatData; shown: Shown; onLoad: (example: FormatExample, verdict: Shown['verdict']) => void }) {
  const { valid, invalid } = format.examples;
  const rows = [...valid.map((example) => ({ example, verdict: 'valid' as const })), ...invalid.map((example) => ({ example, verdict: 'invalid' as const }))];
  return (
    <details style={{ marginTop: 12 }}>
      <summary className={Classes.TEXT_MUTED} style={{ cursor: 'pointer' }}>
        Examples of schemas/ad-formats/{format.id}/examples.json: {valid.length} valid, {invalid.length} invalid (showing “{shown.example.title}”)
      </summary>
      <HTMLTable compact striped style={{ width: '100%', marginTop: 8 }}>
        <tbody>
          {rows.map(({ example, verdict }, i) => (
            <tr key={i}>
              <td>
                <Tag minimal intent={verdict === 'valid' ? Intent.SUCCESS : Intent.DANGER}>{verdict}</Tag>
              </td>
              <td>
                {example.title}
                {example.errors?.length ? <div className={`${Classes.TEXT_MUTED} ${Classes.MONOSPACE_TEXT}`}>{example.errors.join(', ')}</div> : null}
              </td>
              <td style={{ textAlign: 'right' }}>
                <Button size="small" variant="minimal" intent={Intent.PRIMARY} aria-label={`${verdict === 'valid' ? 'Load' : 'Load and submit'} “${example.title}”`} onClick={() => onLoad(example, verdict)}>
                  {verdict === 'valid' ? 'Load' : 'Load and submit'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </details>
  );
}

/** Paths of the data that are not in the pruned values (what the form drops before sending), outermost only. */
function droppedPaths(data: unknown, pruned: unknown, path: string[] = []): string[] {
  if (pruned === undefined) return [path.join('.')];
  if (typeof data !== 'object' || data === null || typeof pruned !== 'object' || pruned === null) return [];
  return Object.entries(data).flatMap(([key, value]) => droppedPaths(value, (pruned as Record<string, unknown>)[key], [...path, key]));
}

const EMPTY: FormatExample = { title: 'Empty form', data: {} };

function FormatPage({ format, entry, latencyMs }: { format: AdFormatData; entry: SchemaEntry; latencyMs: number }) {
  const intl = useIntl();
  const [shown, setShown] = useState<Shown>({ example: format.examples.valid[0] ?? EMPTY, verdict: 'valid', submit: false, n: 0 });
  const load = (example: FormatExample, verdict: Shown['verdict']) => setShown((s) => ({ example, verdict, submit: verdict === 'invalid', n: s.n + 1 }));
  return (
    <section className={layout.page} style={{ padding: 0 }}>
      <header className={styles.header}>
        <H2>{intl.formatMessage({ id: 'adForm.title.create' }, { name: '' })}</H2>
        <span className={styles.format}>{format.manifest.name}</span>
      </header>
      <p className={Classes.TEXT_MUTED} style={{ margin: 0 }}>
        {format.manifest.description} Folder <code>schemas/ad-formats/{format.id}</code>, schema <code>{entry.id}</code>, preview <code>{format.manifest.preview}</code>.
      </p>
      {format.examples.valid.length === 0 && (
        <Callout intent={Intent.WARNING} compact>
          examples.json of this format has no valid example, so the form starts empty.
        </Callout>
      )}
      <AdForm key={shown.n} entry={entry} format={format} shown={shown} latencyMs={latencyMs} below={<ExampleList format={format} shown={shown} onLoad={load} />} />
    </section>
  );
}

/** The props of one format's story. */
export interface AdFormatStoryProps {
  /** The format's folder under schemas/ad-formats. */
  format: string;
  /** Simulated latency of the story's media and lookup servers, in ms. */
  latencyMs?: number;
}

/**
 * What the panel's ad form page shows for a format (src/areas/ads/AdFormPage.tsx): its creative form filled with
 * the first valid example of examples.json, beside the live preview of the form's values.
 */
export function AdFormatStory({ format: id, latencyMs = 300 }: AdFormatStoryProps) {
  const format = AD_FORMATS.get(id);
  const schemaId = creativeSchemaId(id);
  const [state, setState] = useState<{ schemaId?: string; entry?: SchemaEntry; error?: string }>({});
  useEffect(() => {
    let live = true;
    catalog.load(schemaId).then(
      (entry) => live && setState({ schemaId, entry }),
      (error: unknown) => live && setState({ schemaId, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [schemaId]);
  if (!format) {
    return (
      <Callout intent={Intent.DANGER} title={`No ad format "${id}"`}>
        There is no folder schemas/ad-formats/{id} with a format.json. Known: {[...AD_FORMATS.keys()].join(', ')}.
      </Callout>
    );
  }
  if (state.schemaId !== schemaId) return <Spinner size={24} aria-label="Loading the form" />;
  if (!state.entry) {
    return (
      <Callout intent={Intent.DANGER} title={`The form "${schemaId}" of format "${id}" could not be loaded`}>
        {state.error} Run <code>npm run generate</code> after adding a format folder.
      </Callout>
    );
  }
  return (
    <PanelEnglish>
      <FormatPage key={id} format={format} entry={state.entry} latencyMs={latencyMs} />
    </PanelEnglish>
  );
}

/** The story of one format folder; the Storybook build adds one export of this per folder (AdFormats.stories.tsx). */
export function formatStory(id: string): StoryObj<typeof AdFormatStory> {
  return { name: AD_FORMATS.get(id)?.manifest.name ?? id, args: { format: id } };
}
