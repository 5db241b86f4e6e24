import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

type Json = Record<string, unknown>;

/** Whether a `$ref` names another file (`../ads/approval.answer.schema.json`) rather than a place in this one. */
export const isFileRef = (ref: unknown): ref is string => typeof ref === 'string' && !ref.startsWith('#');

/** The node a JSON pointer (`/definitions/theme`) names in a document, or undefined. */
function atPointer(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), document);
}

/**
 * `node` with every `#/...` reference into `document` replaced by what it points at (recursively), so the node
 * can live inside another schema. Keywords beside a reference win over the target's.
 */
function resolveLocalRefs(node: unknown, document: Json, where: string, trail: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveLocalRefs(item, document, where, trail));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Json;
  const beside = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolveLocalRefs(value, document, where, trail)]));
  if (typeof $ref !== 'string' || !$ref.startsWith('#')) return $ref === undefined ? beside : { $ref, ...beside };
  if (trail.includes($ref)) throw new Error(`${where}: ${$ref} refers back to itself (${[...trail, $ref].join(' → ')}); a schema another file refers to cannot be recursive`);
  const target = atPointer(document, $ref.slice(1));
  if (target === undefined) throw new Error(`${where}: $ref ${$ref} points at nothing`);
  return { ...(resolveLocalRefs(target, document, where, [...trail, $ref]) as Json), ...beside };
}

/**
 * The schema with every reference to another schema file (`../ads/approval.answer.schema.json`, or a part of one:
 * `../meta/network-config.schema.json#/definitions/networkSettings`) replaced by that schema, so each catalog entry is
 * self-contained: the precompiled validator, Fastify's serializer and the OpenAPI component need no resolver. The
 * referenced schema's own `#/...` references are resolved inside it before it moves.
 * @throws naming the file for a missing target, a dangling pointer, or a cycle.
 */
export function inlineFileRefs(schema: Json, file: string, root: string, seen: string[] = []): Json {
  const shown = (f: string) => `schemas/${relative(root, f).split(sep).join('/')}`;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Json;
    if (isFileRef($ref)) {
      const [path, pointer = ''] = $ref.split('#');
      const target = join(dirname(file), path);
      if (!existsSync(target)) throw new Error(`${shown(file)}: $ref ${$ref} names no file`);
      if (seen.includes(target)) throw new Error(`${shown(file)}: $ref ${$ref} refers back to itself (${[...seen, target].map(shown).join(' → ')})`);
      const document = JSON.parse(readFileSync(target, 'utf8')) as Json;
      // A whole file moves without its definitions: what it uses of them is resolved in place.
      const { definitions: _unused, ...withoutDefinitions } = document;
      const part = pointer ? atPointer(document, pointer) : withoutDefinitions;
      if (part === undefined) throw new Error(`${shown(file)}: $ref ${$ref} points at nothing in ${shown(target)}`);
      const resolved = resolveLocalRefs(part, document, shown(target)) as Json;
      const { $schema: _dialect, $id: _id, title: _title, ...body } = inlineFileRefs(resolved, target, root, [...seen, file]);
      // Keywords beside the reference (a description) win over the referenced file's own.
      return { ...body, ...(visit(rest) as Json) };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
  };
  return visit(schema) as Json;
}
