import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedStories } from './generatedStories.ts';

/** What the stories read of a format's manifest (schemas/ad-formats/<id>/format.json). */
interface Manifest {
  name?: unknown;
  order?: unknown;
}

function manifestOf(root: string, id: string): Manifest {
  try {
    return JSON.parse(readFileSync(join(root, 'schemas', 'ad-formats', id, 'format.json'), 'utf8')) as Manifest;
  } catch {
    return {}; // A broken manifest still gets its story, which shows what is wrong; the data tests name the mistake.
  }
}

/**
 * The ad formats: the folders of schemas/ad-formats that have a format.json, in the order of the format chooser
 * (`order` of the manifest, then the id).
 */
export function adFormatIds(root: string): string[] {
  const dir = join(root, 'schemas', 'ad-formats');
  if (!existsSync(dir)) return [];
  const ids = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'format.json')))
    .map((entry) => entry.name);
  const order = (id: string) => {
    const value = manifestOf(root, id).order;
    return typeof value === 'number' ? value : Number.MAX_SAFE_INTEGER;
  };
  return ids.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

/** The export of a format's story: its id in PascalCase (`in-page` → `InPage`, story id `ads-formats--in-page`). */
export function formatExportName(id: string): string {
  const name = id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  return /^[A-Za-z]/.test(name) ? name : `Format${name}`;
}

/** stories/ads/AdFormats.stories.tsx: one story per ad format folder. */
export function adFormatStories(root: string): GeneratedStories {
  return {
    file: /stories[\\/]ads[\\/]AdFormats\.stories\.tsx$/,
    title: 'Ads/Formats',
    ids: () => adFormatIds(root),
    exportName: formatExportName,
    storyName: (id) => {
      const name = manifestOf(root, id).name;
      return typeof name === 'string' && name.trim() ? name : id;
    },
    factory: { from: './AdFormatStory.tsx', name: 'formatStory' },
  };
}
