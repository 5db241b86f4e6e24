import { describe, expect, it } from 'vitest';
import { ApiError, ValidationError } from '../api/errors';
import type { RequestConfig } from '../api/ApiClient';
import type { ColumnSet } from '../table/columnSet';
import type { Resource, ResourceManifest } from './manifest';
import { fillPath, mapErrorKeys, ResourceItemStore, ResourceStore, type ResourceRow } from './ResourceStore';

const columnSet: ColumnSet = {
  id: 'bookmarks',
  title: 'Bookmarks',
  columns: [
    { id: 'select', title: 'Select', type: 'text', total: 'none', sortable: false },
    { id: 'id', title: 'ID', type: 'id', total: 'none' },
    { id: 'name', title: 'Name', type: 'text', total: 'none' },
    { id: 'status', title: 'Status', type: 'text', total: 'none' },
  ],
  defaultSort: { column: 'id', direction: 'desc' },
};

const manifest: ResourceManifest = {
  id: 'bookmarks',
  title: 'Bookmarks',
  item: 'Bookmark',
  api: { path: 'bookmarks', statusField: 'status' },
  statuses: { on: { title: 'On' }, off: { title: 'Off' } },
  list: { columns: 'bookmarks.columns.json', search: { placeholder: 'Name' }, filters: [{ id: 'status', title: 'Status', options: [{ value: 'on', title: 'On' }, { value: 'off', title: 'Off' }] }] },
  actions: [
    { id: 'on', title: 'Turn on', call: { method: 'POST', path: 'bookmarks/{id}/on' }, statuses: ['off'], bulk: true, optimistic: { status: 'on' } },
    { id: 'check', title: 'Check', call: { method: 'POST', path: 'bookmarks/{id}/check' }, answer: 'result', result: { title: 'Check', fields: [{ id: 'ok', title: 'OK', type: 'boolean' }] } },
    { id: 'delete', title: 'Delete', intent: 'danger', call: { method: 'DELETE', path: 'bookmarks/{id}' }, bulk: true, answer: 'none', confirm: 'Delete {name}?' },
  ],
  form: { schema: 'bookmarks_bookmark', create: { method: 'POST', path: 'bookmarks' }, update: { method: 'PATCH', path: 'bookmarks/{id}' }, errorKeys: { webAddress: 'url' } },
  routes: { list: '/bookmarks' },
  texts: { empty: 'None', emptyHint: 'Add one' },
};
const resource: Resource = { manifest, columnSet };

type Handler = (config: RequestConfig) => unknown;

/** An API client whose calls are answered by `handle` (a thrown error is the failed call) and recorded. */
function fakeApi(handle: Handler) {
  const calls: RequestConfig[] = [];
  return {
    calls,
    api: {
      request: async <T,>(config: RequestConfig) => {
        calls.push(config);
        await Promise.resolve();
        return { data: (await handle(config)) as T, status: 200 } as never;
      },
    },
  };
}

const rows = (): ResourceRow[] => [
  { id: 3, name: 'Gamma', status: 'off' },
  { id: 2, name: 'Beta', status: 'on' },
  { id: 1, name: 'Alpha', status: 'off' },
];

function listApi(extra: Handler = () => ({ data: {} })) {
  return fakeApi((config) => (config.method === 'GET' && config.url === 'bookmarks' ? { data: rows(), recordsFiltered: 40 } : extra(config)));
}

describe('ResourceStore: the list', () => {
  it('loads the page the URL names with its paging, sort, search and filters, and writes the same URL back', async () => {
    const { api, calls } = listApi();
    const store = new ResourceStore(resource, api);
    store.applyQuery('?q=amm&status=off&status=bogus&sort=name&order=asc&per_page=25&page=2');
    await Promise.resolve();
    await new Promise((r) => setTimeout(r));
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'bookmarks', params: { page: 2, per_page: 25, sort: 'name', order: 'asc', search: 'amm', status: ['off'] } });
    expect(calls[0].signal).toBeInstanceOf(AbortSignal);
    expect(store.queryString).toBe('q=amm&status=off&sort=name&order=asc&per_page=25&page=2');
    expect(store.table.recordsFiltered).toBe(40);
    // The URL the store wrote itself does not load again.
    store.applyQuery(`?${store.queryString}`);
    expect(calls).toHaveLength(1);
  });

  it('leaves the defaults out of the URL and ignores unknown sorts and page sizes', () => {
    const { api } = listApi();
    const store = new ResourceStore(resource, api);
    store.applyQuery('?sort=password&order=asc&per_page=1000');
    expect(store.queryString).toBe('');
    expect([store.table.sort, store.table.pageSize]).toEqual([{ column: 'id', direction: 'desc' }, 15]);
  });

  it('cancels a load that a newer one supersedes', async () => {
    const { api, calls } = listApi();
    const store = new ResourceStore(resource, api);
    store.applyQuery('');
    store.applyQuery('?q=b');
    expect(calls[0].signal?.aborted).toBe(true);
    expect(calls[1].signal?.aborted).toBe(false);
  });
});

describe('ResourceStore: actions', () => {
  async function loaded(extra: Handler) {
    const fake = listApi(extra);
    const store = new ResourceStore(resource, fake.api);
    await store.table.reload();
    return { store, ...fake };
  }

  it('shows an optimistic change at once, then puts the answer in place of the row', async () => {
    const { store, calls } = await loaded(() => ({ data: { id: 1, name: 'Alpha', status: 'on', changed: true } }));
    const pending = store.runAction(manifest.actions![0], store.table.rows[2]);
    expect(store.table.rows[2].status).toBe('on');
    expect(store.busy.has('1')).toBe(true);
    await pending;
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: 'bookmarks/1/on' });
    expect(store.table.rows[2]).toEqual({ id: 1, name: 'Alpha', status: 'on', changed: true });
    expect(store.busy.size).toBe(0);
    expect(store.changes).toBe(1);
  });

  it('rolls the optimistic change back when the call fails, and rethrows', async () => {
    const { store } = await loaded(() => {
      throw new ApiError('Server down', 500, null);
    });
    await expect(store.runAction(manifest.actions![0], store.table.rows[0])).rejects.toThrow('Server down');
    expect(store.table.rows[0]).toEqual({ id: 3, name: 'Gamma', status: 'off' });
    expect(store.changes).toBe(0);
  });

  it('removes a deleted row and counts one fewer', async () => {
    const { store } = await loaded(() => ({ data: { id: 2 } }));
    store.toggle(store.table.rows[1]);
    await store.runAction(manifest.actions![2], store.table.rows[1]);
    expect(store.table.rows.map((r) => r.id)).toEqual([3, 1]);
    expect([store.table.recordsFiltered, store.selected.size]).toEqual([39, 0]);
  });

  it('keeps a result action’s answer and reloads its row', async () => {
    const { store, calls } = await loaded((config) => (config.url === 'bookmarks/2/check' ? { data: { ok: true } } : { data: { id: 2, name: 'Beta', status: 'on', checked: 'now' } }));
    await store.runAction(manifest.actions![1], store.table.rows[1]);
    expect(store.result?.data).toEqual({ ok: true });
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: 'bookmarks/2' });
    expect(store.table.rows[1].checked).toBe('now');
  });

  it('runs a bulk action row by row: skips what its status does not allow, keeps each failure’s message, reports the rest done', async () => {
    const { store, calls } = await loaded((config) => {
      if (config.url === 'bookmarks/1/on') throw new ValidationError({ name: ['This bookmark is archived.'] }, 422);
      return { data: { id: 3, name: 'Gamma', status: 'on' } };
    });
    store.toggleAll();
    expect(store.allSelected).toBe(true);
    const report = await store.runBulk(manifest.actions![0]);
    expect(report.done.map((r) => r.id)).toEqual([3]);
    expect(report.skipped).toEqual([{ row: { id: 2, name: 'Beta', status: 'on' }, status: 'on' }]);
    expect(report.failed).toEqual([{ row: { id: 1, name: 'Alpha', status: 'off' }, message: 'This bookmark is archived.' }]);
    expect(calls.filter((c) => c.method === 'POST').every((c) => c.silent === true)).toBe(true);
    // The rows not done stay selected, to try again; the list reloads once the action is over.
    expect([...store.selected].sort()).toEqual(['1', '2']);
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: 'bookmarks' });
    expect(store.report).toBe(report);
    // One change for the whole bulk action, whatever the number of rows it did.
    expect(store.changes).toBe(1);
  });
});

describe('ResourceItemStore', () => {
  it('tells a missing object (404) from a failure', async () => {
    const { api } = fakeApi(() => {
      throw new ApiError('Not found', 404, null);
    });
    const item = new ResourceItemStore(manifest, api);
    await item.load('9');
    expect(item.status).toBe('missing');
  });

  it('creates with the create call, updates with the update call, and puts the API’s error keys under the form’s fields', async () => {
    const { api, calls } = fakeApi((config) => {
      if (config.method === 'PATCH') throw new ValidationError({ webAddress: ['Not a URL'], name: ['Taken'] }, 422);
      return { data: { id: 5, name: 'New' } };
    });
    const item = new ResourceItemStore(manifest, api);
    expect(await item.save({ name: 'New' })).toEqual({ id: 5, name: 'New' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'bookmarks', data: { name: 'New' } });
    const error = await item.save({ name: 'New' }, '5').catch((e: unknown) => e);
    expect(calls[1]).toMatchObject({ method: 'PATCH', url: 'bookmarks/5' });
    expect((error as ValidationError).errors).toEqual({ url: ['Not a URL'], name: ['Taken'] });
  });
});

describe('paths and error keys', () => {
  it('fills a call’s path with the object’s values, encoded', () => {
    expect(fillPath('bookmarks/{id}/check', { id: 'a/b' })).toBe('bookmarks/a%2Fb/check');
  });

  it('maps nested error keys by their first part and merges messages that land on one field', () => {
    const mapped = mapErrorKeys(new ValidationError({ 'adFormats.0': ['Unknown format'], ad_formats: ['Choose one'] }, 422), { adFormats: 'ad_formats' }) as ValidationError;
    expect(mapped.errors).toEqual({ 'ad_formats.0': ['Unknown format'], ad_formats: ['Choose one'] });
  });
});

describe('file actions and editable statuses', () => {
  const withFile: ResourceManifest = {
    ...manifest,
    actions: [...manifest.actions!, { id: 'pdf', title: 'PDF', call: { method: 'GET', path: 'bookmarks/{id}/pdf' }, answer: 'file' }],
    form: { ...manifest.form!, statuses: ['off'] },
  };
  const pdf = withFile.actions!.at(-1)!;

  function fileApi(headers: Record<string, string>, fail = false) {
    const calls: RequestConfig[] = [];
    const api = {
      request: async <T,>(config: RequestConfig) => {
        calls.push(config);
        if (config.url === 'bookmarks') return { data: { data: rows(), recordsFiltered: 3 } as T, status: 200, headers: {} };
        if (fail) throw new ApiError('No such bookmark', 404, null);
        if (config.url.endsWith('/pdf')) return { data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) as T, status: 200, headers };
        return { data: { data: rows()[1] } as T, status: 200, headers: {} };
      },
    };
    return { api, calls };
  }

  it('downloads the document as a blob and saves it under the name the answer gives, else one made of the resource and id', async () => {
    const saved: { name: string; size: number }[] = [];
    const { api, calls } = fileApi({ 'content-disposition': 'attachment; filename="Bookmark 2.pdf"' });
    const store = new ResourceStore({ manifest: withFile, columnSet }, api, { saveFile: (f) => saved.push({ name: f.name, size: f.blob.size }) });
    await store.table.reload();
    const pending = store.runAction(pdf, store.table.rows[1]);
    expect(store.busy.has('2')).toBe(true);
    await pending;
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: 'bookmarks/2/pdf', responseType: 'blob' });
    expect(saved).toEqual([{ name: 'Bookmark 2.pdf', size: 8 }]);
    expect(store.busy.size).toBe(0);
    // The row is left as it was (a document is not the object).
    expect(store.table.rows[1]).toEqual({ id: 2, name: 'Beta', status: 'on' });

    const unnamed = fileApi({});
    const item = new ResourceItemStore(withFile, unnamed.api, { saveFile: (f) => saved.push({ name: f.name, size: f.blob.size }) });
    await item.load('2');
    await item.runAction(pdf);
    expect(saved.at(-1)).toEqual({ name: 'bookmarks-2.pdf', size: 8 });
    expect(item.busy).toBe(false);
  });

  it('rethrows a failed download and saves nothing', async () => {
    const saved: unknown[] = [];
    const { api } = fileApi({}, true);
    const store = new ResourceStore({ manifest: withFile, columnSet }, api, { saveFile: (f) => saved.push(f) });
    await store.table.reload();
    await expect(store.runAction(pdf, store.table.rows[0])).rejects.toThrow('No such bookmark');
    expect([saved, store.busy.size]).toEqual([[], 0]);
  });

  it('allows editing only in the statuses the form names', async () => {
    const { api } = fileApi({});
    const store = new ResourceStore({ manifest: withFile, columnSet }, api);
    expect(rows().map((r) => store.canEdit(r))).toEqual([true, false, true]);
    // Without form.statuses every object may be edited; without an update call none.
    expect(new ResourceStore(resource, api).canEdit(rows()[1])).toBe(true);
    expect(new ResourceStore({ manifest: { ...manifest, form: { ...manifest.form!, update: undefined } }, columnSet }, api).canEdit(rows()[0])).toBe(false);
    const item = new ResourceItemStore(withFile, api);
    expect(item.editable).toBe(false);
    await item.load('2');
    expect(item.row).toEqual(rows()[1]);
    expect(item.editable).toBe(false);
  });
});
