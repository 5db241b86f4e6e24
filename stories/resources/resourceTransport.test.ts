import { describe, expect, it } from 'vitest';
import { findOptionSources } from '../../engine/lookup';
import type { Resource, ResourceManifest } from '../../engine/resource/manifest';
import type { ColumnSet } from '../../engine/table/columnSet';
import { loadResource, RESOURCES } from '../../src/resources/registry';
import { catalog } from '../forms/SchemaFormStory';
import { createResourceFake, readField, type ResourceRequest, type ResourceTransportOptions } from './resourceTransport';

type Rows = { data: Record<string, unknown>[]; recordsFiltered: number };
type One = { data: Record<string, unknown> };

const NOW = new Date('2025-07-01T12:00:00.000Z');

async function fakeOf(id: string, options: ResourceTransportOptions = {}) {
  const resource = await loadResource(RESOURCES.get(id)!);
  const fake = createResourceFake(resource, { now: () => NOW, ...options });
  const call = <T>(method: string, url: string, more: Partial<ResourceRequest> = {}) => fake.transport({ method, url, ...more }) as Promise<T>;
  return { resource, fake, call };
}

/** The form of a resource as the story gives it: its schema and lookups from the catalog. */
async function formOf(resource: Resource): Promise<NonNullable<ResourceTransportOptions['form']>> {
  const entry = await catalog.load(resource.manifest.form!.schema);
  return { schema: entry.schema as NonNullable<ResourceTransportOptions['form']>['schema'], lookups: findOptionSources(entry.uiSchema) };
}

describe('the sample rows', () => {
  it('are made from the manifest: ids, "<item> n" names, statuses in turn, URLs, dates, the view fields’ options', async () => {
    const { fake } = await fakeOf('traffic-providers');
    const rows = fake.rows();
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rows[0].name).toBe('Traffic provider 1');
    expect(rows.slice(0, 4).map((r) => r.status)).toEqual(['active', 'paused', 'active', 'paused']);
    for (const row of rows) {
      expect(String(row.endpoint_url)).toMatch(/^https:\/\/example\.com\//);
      expect(['rtb', 'xml']).toContain(row.method_type);
      expect(['cpm', 'cpc', 'revshare']).toContain(row.pricing_type);
      expect(Array.isArray(row.ssp_formats) && row.ssp_formats.length).toBeGreaterThan(0);
      expect(Number.isInteger(row.qps_limit)).toBe(true);
      expect(new Date(String(row.created_at)).toISOString()).toBe(row.created_at);
    }
    // Every value of an option field shows up somewhere.
    expect(new Set(rows.map((r) => r.vertical_type))).toEqual(new Set(['mainstream', 'adult', 'gambling', 'crypto']));
  });

  it('are the same every time', async () => {
    const [a, b] = await Promise.all([fakeOf('rtb-endpoints'), fakeOf('rtb-endpoints')]);
    expect(a.fake.rows()).toEqual(b.fake.rows());
  });

  it('keep within the form schema and take list values from the form’s lookup', async () => {
    const { resource } = await fakeOf('rtb-endpoints');
    const form = await formOf(resource);
    const fake = createResourceFake(resource, { form });
    const formats = fake.lookupItems('rtb-ad-formats').map((item) => item.id);
    expect(formats.length).toBeGreaterThan(0);
    for (const row of fake.rows()) {
      expect(Number(row.timeout_ms)).toBeGreaterThanOrEqual(50);
      expect(Number(row.timeout_ms)).toBeLessThanOrEqual(2000);
      for (const format of row.ad_formats as string[]) expect(formats).toContain(format);
      expect(['openrtb_2_5', 'openrtb_2_6']).toContain(row.protocol);
      expect(readField(row, 'last_test.outcome')).toBeTruthy();
    }
    // The lookup itself answers them, as `{ data }` with the source's keys.
    const answer = (await fake.transport({ method: 'GET', url: 'rtb-ad-formats' })) as Rows;
    expect(answer.data.map((item) => item.id)).toEqual(formats);
  });

  it('are made for any manifest: its id and name fields, its column types', async () => {
    const manifest = {
      id: 'coupons',
      title: 'Coupons',
      item: 'Coupon',
      api: { path: 'coupons', idField: 'code', nameField: 'label' },
      list: { columns: 'coupons.columns.json' },
      routes: { list: '/coupons' },
      texts: { empty: 'None', emptyHint: 'Add one' },
    } satisfies ResourceManifest;
    const columnSet: ColumnSet = {
      id: 'coupons',
      title: 'Coupons',
      columns: [
        { id: 'code', title: 'Code', type: 'id', total: 'none' },
        { id: 'label', title: 'Label', type: 'text', total: 'none' },
        { id: 'discount', title: 'Discount', type: 'percent', total: 'none' },
        { id: 'budget', title: 'Budget', type: 'money', total: 'none' },
        { id: 'valid_until', title: 'Valid until', type: 'date', total: 'none' },
      ],
      defaultSort: { column: 'code', direction: 'asc' },
    };
    const fake = createResourceFake({ manifest, columnSet }, { rows: 3 });
    expect(fake.rows()[1]).toMatchObject({ code: 2, label: 'Coupon 2' });
    expect(fake.rows()[1].budget).toMatch(/^\d+\.\d{2}$/);
    expect(fake.rows()[1].valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fake.rows()[1].discount).toBeLessThan(1);
    expect(fake.first()?.code).toBe(1);
    await expect(fake.transport({ method: 'GET', url: 'coupons/3' })).resolves.toMatchObject({ data: { code: 3 } });
  });
});

describe('GET <path>', () => {
  it('pages the rows and counts them all, newest first by default', async () => {
    const { call, fake } = await fakeOf('feeds');
    const first = await call<Rows>('GET', 'feeds', { params: { page: 1, per_page: 15, sort: 'created_at', order: 'desc' } });
    expect(first.data).toHaveLength(15);
    expect(first.recordsFiltered).toBe(20);
    expect(first.data[0]).toEqual(fake.first());
    expect(first.data[0].id).toBe(1);
    const second = await call<Rows>('GET', 'feeds', { params: { page: 2, per_page: 15, sort: 'created_at', order: 'desc' } });
    expect(second.data.map((r) => r.id)).toEqual([16, 17, 18, 19, 20]);
    const all = await call<Rows>('GET', 'feeds', { params: { page: 1, per_page: -1 } });
    expect(all.data).toHaveLength(20);
    const beyond = await call<Rows>('GET', 'feeds', { params: { page: 3, per_page: 15 } });
    expect(beyond).toEqual({ data: [], recordsFiltered: 20 });
  });

  it('filters by the manifest’s filters (one value or several) and counts what matches', async () => {
    const { call } = await fakeOf('traffic-providers');
    const paused = await call<Rows>('GET', 'traffic-providers', { params: { page: 1, per_page: 50, status: ['paused'] } });
    expect(paused.recordsFiltered).toBe(10);
    expect(paused.data.every((r) => r.status === 'paused')).toBe(true);
    const both = await call<Rows>('GET', 'traffic-providers', { params: { page: 1, per_page: 50, status: ['paused'], method_type: 'xml' } });
    expect(both.data.length).toBeGreaterThan(0);
    expect(both.data.every((r) => r.status === 'paused' && r.method_type === 'xml')).toBe(true);
    expect(both.recordsFiltered).toBe(both.data.length);
    const any = await call<Rows>('GET', 'traffic-providers', { params: { page: 1, per_page: 50, status: ['paused', 'active'] } });
    expect(any.recordsFiltered).toBe(20);
  });

  it('searches with the manifest’s search param, and sorts by a column either way', async () => {
    const { call } = await fakeOf('rtb-networks');
    const found = await call<Rows>('GET', 'networks', { params: { page: 1, per_page: 50, search: 'network 1' } });
    // RTB network 1 and 10 to 19.
    expect(found.recordsFiltered).toBe(11);
    const byId = await call<Rows>('GET', 'networks', { params: { page: 1, per_page: 5, sort: 'id', order: 'asc' } });
    expect(byId.data.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    const byName = await call<Rows>('GET', 'networks', { params: { page: 1, per_page: 3, sort: 'dsp', order: 'desc' } });
    expect(byName.data.map((r) => r.dsp)).toEqual(['RTB network 9', 'RTB network 8', 'RTB network 7']);
  });
});

describe('the actions', () => {
  it('sets the optimistic fields of a row action, and refuses a status the action does not allow', async () => {
    const { call, fake } = await fakeOf('feeds');
    const answer = await call<One>('POST', 'feeds/1/pause');
    expect(answer.data).toMatchObject({ id: 1, status: 'paused', updated_at: NOW.toISOString() });
    expect(fake.rows()[0].status).toBe('paused');
    await expect(call('POST', 'feeds/1/pause')).rejects.toThrow(/^409 /);
    await expect(call<One>('POST', 'feeds/1/activate')).resolves.toMatchObject({ data: { status: 'active' } });
    await expect(call('POST', 'feeds/99/pause')).rejects.toThrow(/^404 /);
  });

  it('deletes a row: gone from the list and its count, and from GET <path>/{id}', async () => {
    const { call } = await fakeOf('feeds');
    await expect(call<One>('GET', 'feeds/3')).resolves.toMatchObject({ data: { id: 3, name: 'Feed 3' } });
    await call('DELETE', 'feeds/3');
    const list = await call<Rows>('GET', 'feeds', { params: { page: 1, per_page: -1 } });
    expect(list.recordsFiltered).toBe(19);
    expect(list.data.some((r) => r.id === 3)).toBe(false);
    await expect(call('GET', 'feeds/3')).rejects.toThrow(/^404 Not Found/);
  });

  it('answers a result action with its result fields, and keeps it on the row where the view shows it', async () => {
    const { call, resource } = await fakeOf('rtb-endpoints');
    const fields = resource.manifest.actions!.find((a) => a.id === 'test')!.result!.fields;
    const first = await call<One>('POST', 'rtb-endpoints/2/test');
    expect(Object.keys(first.data).sort()).toEqual(fields.map((f) => f.id).sort());
    expect(Object.keys(fields.find((f) => f.id === 'outcome')!.options!)).toContain(first.data.outcome);
    expect(String(first.data.price)).toMatch(/^\d+\.\d{4}$/);
    const row = (await call<One>('GET', 'rtb-endpoints/2')).data;
    expect(row.last_test).toMatchObject({ outcome: first.data.outcome, message: first.data.message, tested_at: NOW.toISOString() });
    // The next test has another outcome.
    expect((await call<One>('POST', 'rtb-endpoints/2/test')).data.outcome).not.toBe(first.data.outcome);
  });

  it('answers a file action with a small PDF', async () => {
    const { call } = await fakeOf('invoices');
    const file = await call<Blob>('GET', 'invoices/2/document');
    expect(file).toBeInstanceOf(Blob);
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toMatch(/^%PDF-1\.4\n% Invoice 2\n/);
  });
});

describe('the form’s calls', () => {
  it('creates a row in the first status with what was sent, newest in the list', async () => {
    const { call } = await fakeOf('rtb-networks');
    const created = await call<One>('POST', 'networks', { data: { dsp: 'Bidder Ltd', website_link: 'https://bidder.example.com', ad_formats: ['banner'] } });
    expect(created.data).toMatchObject({ id: 21, dsp: 'Bidder Ltd', status: 'pending', created_at: NOW.toISOString() });
    const list = await call<Rows>('GET', 'networks', { params: { page: 1, per_page: 15, sort: 'created_at', order: 'desc' } });
    expect(list.data[0].dsp).toBe('Bidder Ltd');
    expect(list.recordsFiltered).toBe(21);
  });

  it('updates a row, and says 404 for one it does not have', async () => {
    const { call } = await fakeOf('feeds');
    await expect(call<One>('PATCH', 'feeds/4', { data: { name: 'Renamed' } })).resolves.toMatchObject({ data: { id: 4, name: 'Renamed', updated_at: NOW.toISOString() } });
    expect((await call<One>('GET', 'feeds/4')).data.name).toBe('Renamed');
    await expect(call('PATCH', 'feeds/404', { data: { name: 'x' } })).rejects.toThrow(/^404 /);
    await expect(call('GET', 'elsewhere')).rejects.toThrow(/^404 Not Found: GET elsewhere is not an API call of feeds/);
  });

  it('waits its latency, and stops when the call is cancelled', async () => {
    const { call } = await fakeOf('feeds', { latencyMs: 50 });
    const controller = new AbortController();
    const pending = call('GET', 'feeds', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(/cancelled/);
  });
});
