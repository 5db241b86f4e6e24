import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { GeneratedStories } from './generatedStories.ts';

const SUFFIX = '.resource.json';

/** What the stories read of a manifest (schemas/<area>/<name>.resource.json). */
interface Manifest {
  id?: unknown;
  title?: unknown;
}

/** Every manifest file of schemas/<area>/, with what it says (nothing when it is not JSON). */
function manifests(root: string): { file: string; manifest: Manifest }[] {
  const dir = join(root, 'schemas');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((area) =>
      readdirSync(join(dir, area.name))
        .filter((name) => name.endsWith(SUFFIX))
        .map((name) => {
          const file = join(dir, area.name, name);
          try {
            return { file, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest };
          } catch {
            // A broken manifest still gets its story (under its file name), which shows what is wrong.
            return { file, manifest: { id: name.slice(0, -SUFFIX.length) } };
          }
        }),
    );
}

const idOf = ({ file, manifest }: { file: string; manifest: Manifest }) =>
  typeof manifest.id === 'string' && manifest.id ? manifest.id : basename(file, SUFFIX);

/** The resources: the `id` of every schemas/<area>/<name>.resource.json, sorted. */
export function resourceIds(root: string): string[] {
  return [...new Set(manifests(root).map(idOf))].sort();
}

/** The export of a resource's story: its id in PascalCase (`rtb-endpoints` → `RtbEndpoints`, story id `resources-manifests--rtb-endpoints`). */
export function resourceExportName(id: string): string {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  // Not a digit first, and not the written Overview story.
  return /^[A-Za-z]/.test(name) && name !== 'Overview' ? name : `Resource${name}`;
}

/** stories/resources/Resources.stories.tsx: its written "Overview" story, then one story per resource manifest. */
export function resourceStories(root: string): GeneratedStories {
  return {
    file: /stories[\\/]resources[\\/]Resources\.stories\.tsx$/,
    title: 'Resources/Manifests',
    written: [{ exportName: 'Overview', name: 'Overview' }],
    ids: () => resourceIds(root),
    exportName: resourceExportName,
    storyName: (id) => {
      const title = manifests(root).find((m) => idOf(m) === id)?.manifest.title;
      return typeof title === 'string' && title.trim() ? title : id;
    },
    factory: { from: './ResourceStory.tsx', name: 'resourceStory' },
  };
}
