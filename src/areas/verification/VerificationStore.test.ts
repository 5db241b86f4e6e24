import { describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../../engine/api';
import type { CardVerifications } from '../../../generated/types';
import { VerificationStore } from './VerificationStore';

const LIST: CardVerifications = {
  verifications: [
    { id: 3, type: 'passport', status: 'rejected', documents: [{ id: 9, name: 'p.pdf' }], reject_reason: 'Cut off', decided_at: '2026-01-02T00:00:00Z', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-02T00:00:00Z' },
    { id: 2, type: 'photo_of_card', status: 'pending', documents: [{ id: 8, name: 'c.png' }], reject_reason: null, decided_at: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
  ],
  statuses: { passport: 'rejected', photo_of_card: 'pending' },
  card_verified: false,
};
const FILE = { id: 11, kind: 'document', src: '/x', mime_type: 'application/pdf', name: 'io.pdf', size: 1000, custom_properties: {}, document_url: '/x', created_at: '2026-01-01T00:00:00Z' };

function setup(request = vi.fn()) {
  const api = { get: vi.fn().mockResolvedValue({ data: LIST }), request };
  const store = new VerificationStore(api as never, () => 2048);
  return { api, store };
}

describe('VerificationStore', () => {
  it('reads each kind: its latest verification, status, and whether it may be sent', async () => {
    const { store } = setup();
    await store.load();
    expect(store.latest('passport')?.reject_reason).toBe('Cut off');
    expect(store.statusOf('io')).toBeNull();
    expect([store.canSend('io'), store.canSend('passport'), store.canSend('photo_of_card')]).toEqual([true, true, false]);
  });

  it('refuses a file of another type, too big, or one too many before sending it', () => {
    const { store } = setup();
    expect(store.check('io', { type: 'image/gif', name: 'a.gif', size: 10 })).toEqual({ problem: 'type' });
    expect(store.check('io', { type: 'application/pdf', name: 'a.pdf', size: 4096 })).toEqual({ problem: 'size', limit: 2048 });
    expect(store.check('io', { type: '', name: 'scan.JPG', size: 10 })).toBeNull();
    store.drafts.io = Array.from({ length: 5 }, (_, i) => ({ ...FILE, id: i + 1 }) as never);
    expect(store.check('io', { type: 'application/pdf', name: 'a.pdf', size: 10 })).toEqual({ problem: 'count' });
  });

  it('uploads to media/documents with the kind, then sends the drafts and clears them', async () => {
    const request = vi.fn().mockResolvedValueOnce({ data: { data: FILE } }).mockResolvedValueOnce({ data: { data: {} } });
    const { store, api } = setup(request);
    expect(await store.upload('io', new File(['%PDF'], 'io.pdf', { type: 'application/pdf' }))).toBeNull();
    const sent = request.mock.calls[0][0];
    expect(sent).toMatchObject({ method: 'POST', url: 'media/documents', silent: true });
    expect((sent.data as FormData).get('type')).toBe('io');
    expect(store.drafts.io.map((d) => d.id)).toEqual([11]);
    expect(await store.send('io')).toBe(true);
    expect(request.mock.calls[1][0]).toMatchObject({ method: 'POST', url: 'verifications/card', data: { type: 'io', documents: [11] } });
    expect(store.drafts.io).toEqual([]);
    expect(api.get).toHaveBeenCalledWith('verifications/card', expect.anything());
  });

  it("keeps a 422's messages under the kind they belong to, and the drafts", async () => {
    const request = vi.fn().mockRejectedValue(new ValidationError({ io: ['Already pending.'], documents: ['Not yours.'] }, 422));
    const { store } = setup(request);
    store.drafts.io = [FILE as never];
    expect(await store.send('io')).toBe(false);
    expect(store.errors).toEqual({ io: ['Already pending.', 'Not yours.'] });
    expect(store.drafts.io).toHaveLength(1);
    store.removeDraft('io', 11);
    expect(store.errors.io).toBeUndefined();
  });

  it('withdraws a kind with DELETE and its type, then reloads', async () => {
    const request = vi.fn().mockResolvedValue({ data: { data: { id: 2 } } });
    const { store, api } = setup(request);
    expect(await store.withdraw('photo_of_card')).toBe(true);
    expect(request).toHaveBeenCalledWith({ method: 'DELETE', url: 'verifications/card', data: { type: 'photo_of_card' } });
    expect(api.get).toHaveBeenCalledTimes(1);
  });
});
