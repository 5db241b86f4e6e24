/**
 * Every resource manifest (schemas/<area>/*.resource.json) against the API it names, read from the OpenAPI document
 * and called for real: the list takes every sort, order, page size and filter value the panel can send; its rows and
 * the object's answer carry every column and view field; each action, the create and update calls exist with the
 * methods the manifest names; and the create call's body is the very schema the form shows. A new manifest is
 * covered without editing this test.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_PAGE_SIZES, type ResourceManifest } from '../../engine/resource/manifest';
import type { ColumnSet } from '../../engine/table/columnSet';
import { api, API_PREFIX, build, login, type TestApp } from './helper';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..', 'schemas');
const resources = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.resource.json'))
  .sort()
  .map((file) => {
    const manifest = JSON.parse(readFileSync(join(root, file), 'utf8')) as ResourceManifest;
    const columnSet = JSON.parse(readFileSync(join(root, dirname(file), manifest.list.columns), 'utf8')) as ColumnSet;
    return { file, manifest, columnSet };
  });

let t: TestApp;
let doc: Json;
let token: string;
beforeAll(async () => {
  t = await build();
  doc = (await api(t.app, 'GET', 'docs/api.json')).json();
  token = await login(t.app, 'advertiser@adnet.test');
});
afterAll(() => t.close());

function deref(node: Json | undefined): Json {
  if (typeof node?.$ref !== 'string') return node ?? {};
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: Json, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** The OpenAPI operation of a manifest call (`feeds/{id}/pause` matches the route `feeds/{id}/pause`). */
/** A path's shape: a manifest's placeholder names the row's field, the route's its parameter (`{id}` ~ `{token}`). */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const operation = (method: string, path: string): Json | undefined =>
  (Object.entries(doc.paths).find(([p]) => shape(p) === shape(`${API_PREFIX}/${path}`))?.[1] as Json | undefined)?.[method.toLowerCase()];

/** The properties of the objects a 2xx answer carries in `data` (the item of a list). */
function dataProperties(op: Json | undefined): Record<string, Json> {
  const answer = Object.entries(op?.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1] as Json | undefined;
  let data = deref(deref(answer?.content?.['application/json']?.schema).properties?.data);
  if (data.type === 'array') data = deref(data.items);
  return data.properties ?? {};
}

describe.each(resources.map((r) => [r.manifest.id, r] as const))('the resource %s', (_id, { manifest, columnSet }) => {
  const { path } = manifest.api;
  const sortable = columnSet.columns.filter((c) => c.sortable !== false).map((c) => c.id);
  const shown = columnSet.columns.map((c) => c.id).filter((id) => id !== 'select' && id !== 'actions');

  it('lists with every sort, order, page size and filter value the panel may send', async () => {
    const queries = [
      ...sortable.flatMap((sort) => ['asc', 'desc'].map((order) => `sort=${sort}&order=${order}`)),
      ...(manifest.list.pageSizes ?? RESOURCE_PAGE_SIZES).map((size) => `per_page=${size}&page=1`),
      ...(manifest.list.filters ?? []).flatMap((f) => f.options.map((o) => `${f.id}[]=${encodeURIComponent(o.value)}`)),
      ...(manifest.list.search ? [`${manifest.list.search.param ?? 'search'}=a`] : []),
    ];
    const refused: string[] = [];
    for (const query of queries) {
      const res = await api(t.app, 'GET', `${path}?${query}`, { token });
      if (res.statusCode !== 200 || !Array.isArray(res.json().data) || typeof res.json().recordsFiltered !== 'number') refused.push(`${query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers rows with every column, and the object with every view field', () => {
    const row = dataProperties(operation('GET', path));
    expect(shown.filter((id) => !(id in row))).toEqual([]);
    if (manifest.view) {
      const one = dataProperties(operation('GET', `${path}/{id}`));
      expect(manifest.view.fields.map((f) => f.id.split('.')[0]).filter((id) => !(id in one))).toEqual([]);
    }
    if (manifest.api.statusField) expect(Object.keys(manifest.statuses ?? {}).sort()).toEqual([...(row[manifest.api.statusField]?.enum ?? [])].sort());
  });

  it('names calls that exist, and the form is the body of its create and update calls', () => {
    const calls = [...(manifest.actions ?? []).map((a) => a.call), ...(manifest.form ? [manifest.form.create, manifest.form.update] : [])].filter((c) => c !== undefined);
    expect(calls.filter((c) => !operation(c.method, c.path)).map((c) => `${c.method} ${c.path}`)).toEqual([]);
    if (!manifest.form) return;
    for (const call of [manifest.form.create, manifest.form.update].filter((c) => c !== undefined)) {
      const body = operation(call.method, call.path)?.requestBody?.content?.['application/json']?.schema;
      expect(body, `${call.method} ${call.path}`).toEqual({ $ref: `#/components/schemas/${manifest.form.schema}` });
    }
    // The view page and the item store read one object.
    if (manifest.routes.view || manifest.routes.edit) expect(operation('GET', `${path}/{id}`)).toBeDefined();
  });

  it('answers 404 for an object that is not there, on every id call', async () => {
    const wrong: string[] = [];
    const idCalls = [{ method: 'GET', path: `${path}/{id}` }, ...(manifest.actions ?? []).map((a) => a.call), ...(manifest.form?.update ? [manifest.form.update] : [])];
    for (const call of idCalls) {
      const res = await api(t.app, call.method as 'GET', call.path.replace('{id}', '2147483000'), { token, body: call.method === 'GET' || call.method === 'DELETE' ? undefined : {} });
      // A body the schema refuses may answer 422 before the lookup; no other answer may reveal anything.
      if (![404, 422].includes(res.statusCode) || (res.statusCode === 422 && call.method === 'POST' && !manifest.form)) wrong.push(`${call.method} ${call.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

it('finds the product’s resources', () => {
  expect(resources.map((r) => r.manifest.id).sort()).toEqual(['api-tokens', 'conversions', 'feeds', 'flat-deal-applications', 'invoices', 'payments', 'referrals', 'rtb-endpoints', 'rtb-networks', 'traffic-providers', 'transactions']);
});
