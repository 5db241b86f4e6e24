import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../paths';
import type { Target } from '../../generated/types';

/** What an impression carries that a list target can be matched against (schemas/meta/target.schema.json `matches`). */
export type Trait = NonNullable<Target['matches']>['trait'];

/** A list target: its id, the trait its list is matched against and the field holding the list. */
export interface TargetMatch {
  target: string;
  trait: Trait;
  field: string;
}

let cache: readonly TargetMatch[] | undefined;

/**
 * The list targets of schemas/targets/ (those that declare `matches`), read once. The files are checked against
 * the meta-schema by the data conformance tests; a target without `matches` is one whose rule is code (audience.ts).
 */
export function targetMatches(): readonly TargetMatch[] {
  if (cache) return cache;
  const dir = join(paths.schemas, 'targets');
  cache = readdirSync(dir)
    .filter((name) => name.endsWith('.target.json'))
    .sort()
    .flatMap((name) => {
      const part = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Pick<Target, 'id' | 'matches'>;
      return part.matches ? [{ target: part.id, ...part.matches }] : [];
    });
  return cache;
}
