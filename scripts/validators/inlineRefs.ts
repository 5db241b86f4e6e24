import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

type Json = Record<string, unknown>;

/** Whether a `$ref` names another file (`../ads/approval.answer.schema.json`) rather than a place in this one. */
export const isFileRef = (ref: unknown): ref is string => typeof ref === 'string' && !ref.startsWith('#');

function localRefIn(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(localRefIn);
  if (!node || typeof node !== 'object') return false;
  return Object.entries(node).some(([key, value]) => (key === '$ref' && !isFileRef(value)) || localRefIn(value));
}

/**
 * The schema with every reference to another schema file replaced by that file's schema, so each catalog entry is
 * self-contained: the precompiled validator, Fastify's serializer and the OpenAPI component need no resolver. A file
 * another one refers to may not use `#/...` references itself (they would point into its host after inlining).
 * @throws naming the file for a missing target, a target with local references, or a cycle.
 */
export function inlineFileRefs(schema: Json, file: string, root: string, seen: string[] = []): Json {
  const shown = (f: string) => `schemas/${relative(root, f).split(sep).join('/')}`;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Json;
    if (isFileRef($ref)) {
      const target = join(dirname(file), $ref);
      if (!existsSync(target)) throw new Error(`${shown(file)}: $ref ${$ref} names no file`);
      if (seen.includes(target)) throw new Error(`${shown(file)}: $ref ${$ref} refers back to itself (${[...seen, target].map(shown).join(' → ')})`);
      const referenced = JSON.parse(readFileSync(target, 'utf8')) as Json;
      if (localRefIn(referenced)) throw new Error(`${shown(target)} is referred to by ${shown(file)}, so it may not use "#/..." references`);
      const { $schema: _dialect, $id: _id, title: _title, ...body } = inlineFileRefs(referenced, target, root, [...seen, file]);
      // Keywords beside the reference (a description) win over the referenced file's own.
      return { ...body, ...(visit(rest) as Json) };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
  };
  return visit(schema) as Json;
}
