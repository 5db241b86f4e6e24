import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
let other: string;
let hub: string;

beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  other = await login(t.app, 'company@adnet.test');
  hub = await login(t.app, 'company@pushhub.test', 'pushhub.localhost');
});
afterAll(() => t?.close());

type Feed = { id: number; name: string; endpoint: string; status: string; created_at: string; updated_at: string };

/** The other network's host, for its user's token. */
const hostOf = (as: string) => (as === hub ? 'pushhub.localhost' : undefined);
const create = (body: Record<string, unknown>, as = token) => api(t.app, 'POST', 'feeds', { token: as, host: hostOf(as), body });
const created = async (name: string, endpoint = `https://feeds.example.com/${encodeURIComponent(name)}`, as = token): Promise<Feed> => {
  const res = await create({ name, endpoint }, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const list = async (query = '', as = token) => {
  const res = await api(t.app, 'GET', `feeds${query}`, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Feed[]; recordsFiltered: number };
};

describe('POST feeds', () => {
  it('creates an active feed and answers it', async () => {
    const res = await create({ name: '  Main feed ', endpoint: 'https://feed.example.com/xml?id=1' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Feed;
    expect(data).toMatchObject({ name: 'Main feed', endpoint: 'https://feed.example.com/xml?id=1', status: 'active' });
    expect(Number.isInteger(data.id)).toBe(true);
    expect(Date.parse(data.created_at)).not.toBeNaN();
    expect(data.updated_at).toBe(data.created_at);
  });

  it('answers schema errors under name and endpoint', async () => {
    const res = await create({ name: '   ', endpoint: 'not a url', extra: 1 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['endpoint', 'extra', 'name']);
    const long = await create({ name: 'x'.repeat(101), endpoint: `https://a.example/${'x'.repeat(2048)}` });
    expect(Object.keys(long.json().errors).sort()).toEqual(['endpoint', 'name']);
    const missing = await create({});
    expect(missing.json().errors).toEqual({ name: ['This field is required'], endpoint: ['This field is required'] });
  });

  it('refuses an address that is not http or https, or that holds a user name or password', async () => {
    const ftp = await create({ name: 'Ftp', endpoint: 'ftp://feed.example.com/x' });
    expect(ftp.statusCode).toBe(422);
    expect(ftp.json().errors).toEqual({ endpoint: ['Enter a full web address that starts with http:// or https://.'] });
    const secret = await create({ name: 'Secret', endpoint: 'https://user:pass@feed.example.com/x' });
    expect(secret.json().errors).toEqual({ endpoint: ['Leave the user name and password out of the address.'] });
  });

  it('refuses a name (any case) or an endpoint another feed of the user has, but not of another user', async () => {
    await created('Unique one', 'https://u.example.com/1');
    const both = await create({ name: 'UNIQUE ONE', endpoint: 'https://u.example.com/1' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ name: ['You already have a feed with this name.'], endpoint: ['You already have a feed with this endpoint.'] });
    expect((await create({ name: 'Unique one', endpoint: 'https://u.example.com/1' }, other)).statusCode).toBe(201);
  });

  it('answers errors in the reader\'s language', async () => {
    const res = await api(t.app, 'POST', 'feeds', { token, body: { name: 'Main feed', endpoint: 'https://user@x.example.com/' }, headers: { 'accept-language': 'de' } });
    expect(res.json().errors).toEqual({ name: ['Sie haben bereits einen Feed mit diesem Namen.'], endpoint: ['Lassen Sie Benutzername und Passwort aus der Adresse weg.'] });
  });
});

describe('GET feeds', () => {
  let mine: Feed[];
  beforeAll(async () => {
    // A user of its own, so the list holds exactly these.
    mine = [];
    for (const name of ['Alpha feed', 'beta feed', 'Gamma_feed', 'Delta feed']) mine.push(await created(name, `https://list.example.com/${name.replace(/\W/g, '')}`, hub));
    await api(t.app, 'POST', `feeds/${mine[1].id}/pause`, { token: hub, host: 'pushhub.localhost' });
  });
  const hubList = async (query = '') => {
    const res = await api(t.app, 'GET', `feeds${query}`, { token: hub, host: 'pushhub.localhost' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Feed[]; recordsFiltered: number };
  };

  it('lists only the caller\'s feeds, newest first, with the count', async () => {
    const page = await hubList();
    expect(page.recordsFiltered).toBe(4);
    expect(page.data.map((f) => f.name)).toEqual(['Delta feed', 'Gamma_feed', 'beta feed', 'Alpha feed']);
    expect((await list()).data.every((f) => !f.endpoint.startsWith('https://list.'))).toBe(true);
  });

  it('pages, sorts by name in any case, and by status', async () => {
    const first = await hubList('?per_page=15&sort=name&order=asc');
    expect(first.data.map((f) => f.name)).toEqual(['Alpha feed', 'beta feed', 'Delta feed', 'Gamma_feed']);
    const all = await hubList('?per_page=-1&sort=name&order=desc');
    expect(all.data.map((f) => f.name)).toEqual(['Gamma_feed', 'Delta feed', 'beta feed', 'Alpha feed']);
    const status = await hubList('?sort=status&order=desc');
    expect(status.data[0].status).toBe('paused');
    const beyond = await hubList('?page=3');
    expect(beyond).toEqual({ data: [], recordsFiltered: 4 });
  });

  it('searches part of the name or the URL (LIKE characters match themselves), or the id, and filters by status', async () => {
    expect((await hubList('?search=ALPHA')).data.map((f) => f.name)).toEqual(['Alpha feed']);
    expect((await hubList('?search=list.example.com/Delta')).data.map((f) => f.name)).toEqual(['Delta feed']);
    expect((await hubList('?search=_')).data.map((f) => f.name)).toEqual(['Gamma_feed']);
    expect((await hubList(`?search=${mine[2].id}`)).data.map((f) => f.id)).toEqual([mine[2].id]);
    expect((await hubList('?search=99999999999')).recordsFiltered).toBe(0);
    const paused = await hubList('?status[]=paused');
    expect(paused.data.map((f) => f.name)).toEqual(['beta feed']);
    expect((await hubList('?status=active&status=paused')).recordsFiltered).toBe(4);
  });

  it('refuses a query outside its schema', async () => {
    for (const query of ['?per_page=10', '?page=0', '?sort=secret', '?status=archived', `?search=${'x'.repeat(101)}`]) {
      expect((await api(t.app, 'GET', `feeds${query}`, { token })).statusCode, query).toBe(422);
    }
  });
});

describe('one feed: get, edit, activate, pause, delete', () => {
  it('reads, edits and keeps the status', async () => {
    const feed = await created('Editable', 'https://edit.example.com/a');
    const read = await api(t.app, 'GET', `feeds/${feed.id}`, { token });
    expect(read.json().data).toEqual(feed);
    await api(t.app, 'POST', `feeds/${feed.id}/pause`, { token });
    const saved = await api(t.app, 'PATCH', `feeds/${feed.id}`, { token, body: { name: 'Edited', endpoint: 'http://edit.example.com/b' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: feed.id, name: 'Edited', endpoint: 'http://edit.example.com/b', status: 'paused' });
    // Its own name and endpoint are no clash.
    expect((await api(t.app, 'PATCH', `feeds/${feed.id}`, { token, body: { name: 'EDITED', endpoint: 'http://edit.example.com/b' } })).statusCode).toBe(200);
    await created('Taken name', 'https://edit.example.com/taken');
    const clash = await api(t.app, 'PATCH', `feeds/${feed.id}`, { token, body: { name: 'taken name', endpoint: 'https://edit.example.com/taken' } });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors).sort()).toEqual(['endpoint', 'name']);
    expect((await api(t.app, 'PATCH', `feeds/${feed.id}`, { token, body: { name: 'Edited' } })).statusCode).toBe(422);
  });

  it('activates and pauses, answering an unchanged feed as it is', async () => {
    const feed = await created('Switch');
    const paused = await api(t.app, 'POST', `feeds/${feed.id}/pause`, { token });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.status).toBe('paused');
    const again = await api(t.app, 'POST', `feeds/${feed.id}/pause`, { token });
    expect(again.json().data).toEqual(paused.json().data);
    const active = await api(t.app, 'POST', `feeds/${feed.id}/activate`, { token });
    expect(active.json().data.status).toBe('active');
    expect((await api(t.app, 'POST', `feeds/${feed.id}/activate`, { token })).json().data).toEqual(active.json().data);
  });

  it('deletes', async () => {
    const feed = await created('Gone');
    const res = await api(t.app, 'DELETE', `feeds/${feed.id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: feed.id } });
    expect((await api(t.app, 'GET', `feeds/${feed.id}`, { token })).statusCode).toBe(404);
    expect((await api(t.app, 'DELETE', `feeds/${feed.id}`, { token })).statusCode).toBe(404);
  });

  it("answers 404 for another user's feed (same network or another) on every id call, and leaves it unchanged", async () => {
    const theirs = await created('Theirs', 'https://theirs.example.com/', other);
    const calls: [string, string, unknown?][] = [
      ['GET', `feeds/${theirs.id}`],
      ['PATCH', `feeds/${theirs.id}`, { name: 'Mine now', endpoint: 'https://mine.example.com/' }],
      ['POST', `feeds/${theirs.id}/pause`],
      ['POST', `feeds/${theirs.id}/activate`],
      ['DELETE', `feeds/${theirs.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(t.app, method as 'GET', path, { token, body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Feed not found.' });
      const hubRes = await api(t.app, method as 'GET', path, { token: hub, host: 'pushhub.localhost', body });
      expect(hubRes.statusCode, `${method} ${path} from another network`).toBe(404);
    }
    expect((await api(t.app, 'GET', `feeds/${theirs.id}`, { token: other })).json().data).toEqual(theirs);
    expect((await api(t.app, 'GET', 'feeds/2147483647', { token })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', 'feeds/2147483648', { token })).statusCode).toBe(422);
  });

  it('answers 401 without a token', async () => {
    for (const [method, path] of [['GET', 'feeds'], ['GET', 'feeds/1'], ['POST', 'feeds'], ['PATCH', 'feeds/1'], ['POST', 'feeds/1/activate'], ['POST', 'feeds/1/pause'], ['DELETE', 'feeds/1']]) {
      expect((await api(t.app, method as 'GET', path, method === 'GET' || method === 'DELETE' ? {} : { body: {} })).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('leaves GET feeds/statistics to the statistics area', async () => {
    const res = await api(t.app, 'GET', 'feeds/statistics?start=2026-01-01&end=2026-01-02', { token });
    expect(res.statusCode).not.toBe(404);
  });
});
