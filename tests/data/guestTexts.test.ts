/**
 * Guest pages (sign-in, sign-up, reset, confirmations) load only the guest message bundle: every text they show
 * must live in a guest area, or it would appear as its raw id.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { GUEST_AREAS, readMessages } from '../../scripts/compile-messages';

const root = join(import.meta.dirname, '..', '..');
const GUEST_CODE = [
  'src/app/guards.tsx',
  'src/app/RouteFallback.tsx',
  'src/app/NetworkBrand.tsx',
  'src/layouts/DefaultLayout.tsx',
  'src/layouts/EmptyLayout.tsx',
  'src/common/AuthCard.tsx',
  'src/common/SchemaEntryGate.tsx',
  'src/areas/accounts',
  'src/areas/impersonation',
  'src/areas/notifications/UnsubscribePage.tsx',
  'src/shell/NotFoundPage.tsx',
];

function files(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => files(`${path}/${name}`)).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f));
}

it('every text id a guest page uses is in the guest bundle', () => {
  const guest = readMessages(join(root, 'src/locales'), (area) => GUEST_AREAS.includes(area)).en;
  const used = new Set<string>();
  for (const file of GUEST_CODE.flatMap(files)) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/\bid: '([a-zA-Z][\w.]+)'/g)) used.add(match[1]);
  }
  expect(used.size).toBeGreaterThan(20);
  expect([...used].filter((id) => !(id in guest))).toEqual([]);
});
