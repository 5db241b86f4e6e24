import type { Indexer, IndexInput } from 'storybook/internal/types';
import type { Plugin } from 'vite';

/**
 * A stories file whose stories are made from a list of ids (schemas of the catalog, ad format folders, …)
 * instead of being written out: Storybook indexes one story per id, and Vite appends the matching exports
 * `export const <exportName(id)> = <factory>(id);` to the file when it loads it. So a new id (a new schema,
 * a new folder) is a new story without editing TypeScript.
 */
export interface GeneratedStories {
  /** The stories file, e.g. `/stories[\\/]forms[\\/]SchemaForms\.stories\.tsx$/`. */
  file: RegExp;
  /** The file's title (as in its `meta.title`). */
  title: string;
  /** Stories written in the file itself, indexed before the generated ones. */
  written?: readonly { exportName: string; name: string }[];
  /** The ids, one story each (read when Storybook indexes the file and when Vite loads it). */
  ids: () => string[];
  /** The export of an id's story: a valid JavaScript identifier, unique in the file. */
  exportName: (id: string) => string;
  /** The name of an id's story in the sidebar (default: the id). */
  storyName?: (id: string) => string;
  /** Where the story factory `(id) => story` comes from: a module relative to the stories file, and its export. */
  factory: { from: string; name: string };
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The ids with their export names; throws naming the file and the id when a name is not usable. */
function storiesOf(spec: GeneratedStories): { id: string; exportName: string }[] {
  const taken = new Map<string, string>((spec.written ?? []).map((s) => [s.exportName, `the written story ${s.exportName}`]));
  taken.set('default', 'the default export');
  return spec.ids().map((id) => {
    const exportName = spec.exportName(id);
    if (!IDENTIFIER.test(exportName)) throw new Error(`${spec.title}: id "${id}" gives the export name "${exportName}", which is not a JavaScript identifier.`);
    const other = taken.get(exportName);
    if (other) throw new Error(`${spec.title}: id "${id}" gives the export name "${exportName}", already used by ${other}.`);
    taken.set(exportName, `id "${id}"`);
    return { id, exportName };
  });
}

/** Indexes the stories file: its written stories, then one story per id. */
export function generatedStoriesIndexer(spec: GeneratedStories): Indexer {
  return {
    test: spec.file,
    createIndex: async (fileName, { makeTitle }) => {
      const title = makeTitle(spec.title);
      const entry = (exportName: string, name: string): IndexInput => ({ type: 'story', importPath: fileName, exportName, name, title });
      return [
        ...(spec.written ?? []).map((s) => entry(s.exportName, s.name)),
        ...storiesOf(spec).map(({ id, exportName }) => entry(exportName, spec.storyName?.(id) ?? id)),
      ];
    },
  };
}

/** The code Vite serves for a generated stories file: the file, then an export per id through the factory. */
export function appendStories(spec: GeneratedStories, code: string): string {
  const factory = '__generatedStory';
  const exports = storiesOf(spec).map(({ id, exportName }) => `export const ${exportName} = ${factory}(${JSON.stringify(id)});`);
  return `${code}\nimport { ${spec.factory.name} as ${factory} } from ${JSON.stringify(spec.factory.from)};\n${exports.join('\n')}\n`;
}

/** Appends the per-id story exports to each generated stories file when Vite loads it. */
export function generatedStoriesPlugin(specs: readonly GeneratedStories[]): Plugin {
  return {
    name: 'storybook:generated-stories',
    enforce: 'pre',
    transform(code, id) {
      const spec = specs.find((s) => s.file.test(id.split('?')[0]));
      return spec ? { code: appendStories(spec, code), map: null } : null;
    },
  };
}
