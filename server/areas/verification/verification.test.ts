import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../../../tests/fixtures/mediaBytes';
import { api, bearer, build, login, upload, type TestApp } from '../../../tests/api/helper';
import type { CardVerification, CardVerifications, QueuedVerification } from '../../../generated/types';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const HUB = 'pushhub.localhost';

let t: TestApp;
let token: string;
let other: string;
let support: string;
let hubSupport: string;
let userId: number;

beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  other = await login(t.app, 'company@adnet.test');
  support = await login(t.app, 'support@adnet.test');
  hubSupport = await login(t.app, 'support@pushhub.test', HUB);
  userId = (await api(t.app, 'GET', 'user', { token })).json().data.id;
});
afterAll(() => t?.close());

/** Uploads a verification document as `as` and answers its id. */
async function document(type: string, as = token, name = `${type}.pdf`): Promise<number> {
  const res = await upload(t.app, as, 'media/documents', { bytes: PDF, name }, { type });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const send = (body: unknown, as = token) => api(t.app, 'POST', 'verifications/card', { token: as, body });
const withdraw = (body: unknown, as = token) => api(t.app, 'DELETE', 'verifications/card', { token: as, body });
const mine = async (as = token): Promise<CardVerifications> => {
  const res = await api(t.app, 'GET', 'verifications/card', { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const decide = (id: number, body: unknown, as = support, host?: string) => api(t.app, 'POST', `admin/verifications/${id}/decision`, { token: as, body, host });
const notificationTypes = async (as = token): Promise<string[]> => (await api(t.app, 'GET', 'notifications', { token: as })).json().data.map((n: { type: string }) => n.type);
/** Sends a kind and answers the pending verification. */
async function sent(type: string, as = token): Promise<CardVerification> {
  const res = await send({ type, documents: [await document(type, as)] }, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('the user side', () => {
  it('starts with no verifications, and the card is not verified', async () => {
    expect(await mine(other)).toEqual({ verifications: [], statuses: {}, card_verified: false });
  });

  it('sends the documents of a kind: pending, listed, in the profile, and the user is notified', async () => {
    const front = await document('photo_of_card', token, 'card front.pdf');
    const res = await send({ type: 'photo_of_card', documents: [front] });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as CardVerification;
    expect(created).toMatchObject({ type: 'photo_of_card', status: 'pending', documents: [{ id: front, name: 'card_front.pdf' }], reject_reason: null, decided_at: null });
    const list = await mine();
    expect(list.verifications.map((v) => v.id)).toContain(created.id);
    expect(list.statuses).toEqual({ photo_of_card: 'pending' });
    expect(list.card_verified).toBe(false);
    expect((await api(t.app, 'GET', 'profile', { token })).json().data.verificationStatuses).toEqual({ photo_of_card: 'pending' });
    expect(await notificationTypes()).toContain('verification_created');
  });

  it('refuses a second verification of a kind that is pending, under the kind', async () => {
    const res = await send({ type: 'photo_of_card', documents: [await document('photo_of_card')] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ photo_of_card: ['You already have a verification of this kind pending or approved.'] });
  });

  it("answers 404 for another user's document and a missing file, and refuses a creative under documents", async () => {
    const theirs = await document('passport', other);
    const foreign = await send({ type: 'passport', documents: [await document('passport'), theirs] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Document ${theirs} not found` });
    expect((await send({ type: 'passport', documents: [2147483000] })).json()).toEqual({ message: 'Document 2147483000 not found' });
    const creative = (await upload(t.app, token, 'media', { bytes: PNG, name: 'banner.png' }, { kind: 'image' })).json().data.id;
    const res = await send({ type: 'passport', documents: [await document('passport'), creative] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ documents: ['This file was not found. Upload it again.'] });
    expect((await mine()).statuses).not.toHaveProperty('passport');
  });

  it('groups the errors of one sending by what they are about: the kind, and the documents', async () => {
    const creative = (await upload(t.app, token, 'media', { bytes: PNG, name: 'card.png' }, { kind: 'image' })).json().data.id;
    const res = await send({ type: 'photo_of_card', documents: [creative] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      documents: ['This file was not found. Upload it again.'],
      photo_of_card: ['You already have a verification of this kind pending or approved.'],
    });
  });

  it('checks the body against its schema: a known kind, 1 to 5 distinct document ids', async () => {
    const doc = await document('io');
    expect(Object.keys((await send({ type: 'diary', documents: [doc] })).json().errors)).toEqual(['type']);
    expect(Object.keys((await send({ type: 'io', documents: [] })).json().errors)).toEqual(['documents']);
    expect((await send({ type: 'io', documents: [1, 2, 3, 4, 5, 6] })).statusCode).toBe(422);
    expect((await send({ type: 'io', documents: [doc, doc] })).statusCode).toBe(422);
    expect((await send({ type: 'io' })).json().errors).toEqual({ documents: ['This field is required'] });
  });

  it('withdraws a pending verification; none left is a 404; the kind can be sent again', async () => {
    const pending = await sent('io');
    const res = await withdraw({ type: 'io' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: pending.id });
    expect((await mine()).statuses).not.toHaveProperty('io');
    const again = await withdraw({ type: 'io', documents: pending.documents.map((d) => d.id) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('There is no pending verification of this kind to withdraw.');
    expect((await withdraw({ type: 'io' }, other)).statusCode).toBe(404);
    expect((await send({ type: 'io', documents: pending.documents.map((d) => d.id) })).statusCode).toBe(201);
  });

  it("does not withdraw another user's verification", async () => {
    await sent('passport_and_paper', other);
    expect((await withdraw({ type: 'passport_and_paper' })).statusCode).toBe(404);
    expect((await mine(other)).statuses).toEqual({ passport_and_paper: 'pending' });
  });

  it("answers 404 to documents that are not the user's files, and withdraws nothing", async () => {
    const theirs = await document('passport_and_paper', other);
    await sent('passport_and_paper');
    const res = await withdraw({ type: 'passport_and_paper', documents: [theirs] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Document ${theirs} not found` });
    expect((await mine()).statuses).toMatchObject({ passport_and_paper: 'pending' });
    expect((await withdraw({ type: 'passport_and_paper' })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await api(t.app, 'GET', 'verifications/card')).statusCode).toBe(401);
    expect((await api(t.app, 'POST', 'verifications/card', { body: { type: 'io', documents: [1] } })).statusCode).toBe(401);
    expect((await api(t.app, 'DELETE', 'verifications/card', { body: { type: 'io' } })).statusCode).toBe(401);
  });
});

describe('the staff side', () => {
  it('lists the pending verifications of its network, oldest first, with who sent them', async () => {
    const pending = await sent('passport');
    const res = await api(t.app, 'GET', 'admin/verifications', { token: support });
    expect(res.statusCode, res.body).toBe(200);
    const queue = res.json().data as QueuedVerification[];
    const item = queue.find((q) => q.id === pending.id);
    expect(item).toMatchObject({ type: 'passport', user_id: userId, user_email: 'advertiser@adnet.test', documents: pending.documents });
    expect(queue.every((q) => typeof q.user_email === 'string')).toBe(true);
    const times = queue.map((q) => Date.parse(q.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const elsewhere = (await api(t.app, 'GET', 'admin/verifications', { token: hubSupport, host: HUB })).json().data as QueuedVerification[];
    expect(elsewhere.map((q) => q.id)).not.toContain(pending.id);
  });

  it('rejects with a reason the user reads, and notifies the user; the kind can then be sent again', async () => {
    const pending = (await mine()).verifications.find((v) => v.type === 'passport' && v.status === 'pending')!;
    const noReason = await decide(pending.id, { status: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: ['This field is required'] });
    expect((await decide(pending.id, { status: 'rejected', reason: '   ' })).statusCode).toBe(422);
    const res = await decide(pending.id, { status: 'rejected', reason: 'The photo page is cut off.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: pending.id, status: 'rejected', reject_reason: 'The photo page is cut off.' });
    expect(res.json().data.decided_at).not.toBeNull();
    const notes = (await api(t.app, 'GET', 'notifications', { token })).json().data as { type: string; entity_id: number; params: Record<string, unknown> }[];
    expect(notes.find((n) => n.type === 'verification_rejected')).toMatchObject({ entity_id: pending.id, params: { type: 'passport', reason: 'The photo page is cut off.' } });
    const list = await mine();
    expect(list.statuses.passport).toBe('rejected');
    expect(list.verifications.find((v) => v.id === pending.id)?.reject_reason).toBe('The photo page is cut off.');
    // A decided verification is out of the queue: a second decision finds nothing.
    expect((await decide(pending.id, { status: 'approved' })).statusCode).toBe(404);
    expect((await withdraw({ type: 'passport' })).statusCode).toBe(404);
    expect((await sent('passport')).status).toBe('pending');
  });

  it('approves, notifies, and the card is verified once the card photo and one identity document are approved', async () => {
    const list = await mine();
    const card = list.verifications.find((v) => v.type === 'photo_of_card' && v.status === 'pending')!;
    const passport = list.verifications.find((v) => v.type === 'passport' && v.status === 'pending')!;
    const approved = await decide(card.id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', reject_reason: null });
    expect(await notificationTypes()).toContain('verification_approved');
    expect((await mine()).card_verified).toBe(false);
    expect(await t.app.verification.isCardVerified(userId)).toBe(false);
    expect((await decide(passport.id, { status: 'approved', reason: 'Fine' })).statusCode).toBe(422);
    expect((await decide(passport.id, { status: 'approved' })).statusCode).toBe(200);
    const now = await mine();
    expect(now.card_verified).toBe(true);
    expect(now.statuses).toMatchObject({ photo_of_card: 'approved', passport: 'approved' });
    expect(await t.app.verification.isCardVerified(userId)).toBe(true);
    expect(await t.app.verification.statuses(userId)).toEqual(now.statuses);
    // An approved kind is neither withdrawn nor sent twice.
    expect((await withdraw({ type: 'photo_of_card' })).statusCode).toBe(404);
    expect(Object.keys((await send({ type: 'photo_of_card', documents: [await document('photo_of_card')] })).json().errors)).toEqual(['photo_of_card']);
  });

  it("answers 404 for another network's verification and a missing one", async () => {
    const pending = await sent('io', other);
    expect((await decide(pending.id, { status: 'approved' }, hubSupport, HUB)).statusCode).toBe(404);
    expect((await decide(2147483000, { status: 'approved' })).statusCode).toBe(404);
    expect((await mine(other)).statuses.io).toBe('pending');
  });

  it('is for support staff only: an advertiser, staff acting as an advertiser and no token are refused', async () => {
    const pending = (await mine(other)).verifications.find((v) => v.status === 'pending')!;
    expect((await api(t.app, 'GET', 'admin/verifications', { token })).statusCode).toBe(403);
    const refused = await decide(pending.id, { status: 'approved' }, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only support staff may review card verifications.');
    const otherId = (await api(t.app, 'GET', 'user', { token: other })).json().data.id;
    const { url } = (await api(t.app, 'POST', `impersonate/${otherId}`, { token: support })).json().data;
    const enter = await api(t.app, 'POST', 'auth/impersonate', { body: { token: new URL(url).searchParams.get('token') } });
    const acting = bearer(enter.headers.authorization)!;
    expect((await decide(pending.id, { status: 'approved' }, acting)).statusCode).toBe(403);
    expect((await api(t.app, 'GET', 'admin/verifications')).statusCode).toBe(401);
    expect((await mine(other)).statuses).toMatchObject({ passport_and_paper: 'pending' });
  });
});
