import { describe, expect, it } from 'vitest';
import type { ColumnSet } from '../table/columnSet';
import { checkManifest, editableIn, type ResourceManifest } from './manifest';

const columnSet: ColumnSet = {
  id: 'bills',
  title: 'Bills',
  columns: [
    { id: 'number', title: 'Number', type: 'text', total: 'none' },
    { id: 'status', title: 'Status', type: 'text', total: 'none' },
  ],
  defaultSort: { column: 'number', direction: 'desc' },
};

const manifest: ResourceManifest = {
  id: 'bills',
  title: 'Bills',
  item: 'Bill',
  api: { path: 'bills', statusField: 'status', nameField: 'number' },
  statuses: { open: { title: 'Open' }, paid: { title: 'Paid', intent: 'success' } },
  list: { columns: 'bills.columns.json', hosted: true },
  actions: [{ id: 'pdf', title: 'PDF', call: { method: 'GET', path: 'bills/{id}/pdf' }, answer: 'file' }],
  form: { schema: 'bills_bill', create: { method: 'POST', path: 'bills' }, update: { method: 'PUT', path: 'bills/{id}' }, statuses: ['open'] },
  routes: { list: '/money/bills', edit: '/money/bills/:id/edit' },
  texts: { empty: 'None', emptyHint: 'Ask for one' },
};
const context = { columnSet, schemaIds: new Set(['bills_bill']), menus: new Set<string>() };

describe('checkManifest: file actions and editable statuses', () => {
  it('accepts a GET file action and form statuses that are declared', () => {
    expect(checkManifest(manifest, context)).toEqual([]);
  });

  it('refuses a file action that is not a GET or is bulk, and form statuses it cannot apply', () => {
    const broken: ResourceManifest = {
      ...manifest,
      api: { path: 'bills' },
      actions: [{ id: 'pdf', title: 'PDF', call: { method: 'POST', path: 'bills/{id}/pdf' }, answer: 'file', bulk: true }],
      form: { schema: 'bills_bill', create: { method: 'POST', path: 'bills' }, statuses: ['draft'] },
      routes: { list: '/money/bills' },
    };
    expect(checkManifest(broken, context)).toEqual([
      'bills.resource.json: action pdf answers a file, so its call must be a GET',
      'bills.resource.json: action pdf answers a file and cannot be bulk',
      'bills.resource.json: form.statuses names "draft", which statuses does not declare',
      'bills.resource.json: form.statuses needs api.statusField',
      'bills.resource.json: form.statuses needs form.update',
    ]);
  });

  it('refuses a view link offered in a status the manifest does not declare, or without a status field', () => {
    const view = { fields: [], links: [{ id: 'pay', title: 'Pay', route: '/money/bills/{id}/pay', statuses: ['open', 'overdue'] }] };
    expect(checkManifest({ ...manifest, view }, context)).toEqual(['bills.resource.json: link pay is offered in status "overdue", which statuses does not declare']);
    expect(checkManifest({ ...manifest, view: { fields: [], links: [{ ...view.links[0], statuses: ['open'] }] }, api: { path: 'bills' }, form: undefined, routes: { list: '/money/bills' } }, context)).toEqual([
      'bills.resource.json: link pay names statuses but api.statusField is not set',
    ]);
  });

  it('says which statuses allow editing', () => {
    expect([editableIn(manifest, 'open'), editableIn(manifest, 'paid'), editableIn(manifest, undefined)]).toEqual([true, false, false]);
    expect(editableIn({ ...manifest, form: { ...manifest.form!, statuses: undefined } }, 'paid')).toBe(true);
  });
});
