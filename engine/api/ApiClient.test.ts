import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, type TokenProvider } from './ApiClient';
import { ApiError, GENERIC_ERROR_MESSAGE, ValidationError, isCancel } from './errors';
import { bearerToken } from './bearer';
import { json, startTestServer } from './testServer';
import type { LookupTransport as LookupStoreTransport } from '../lookup/types';

let server: Awaited<ReturnType<typeof startTestServer>>;
const P = '/api/private/v1';

beforeAll(async () => {
  server = await startTestServer({
    [`GET ${P}/user`]: (req, res) => json(res, 200, { data: { id: 7, auth: req.headers.authorization ?? null } }),
    [`GET ${P}/language`]: (req, res) => json(res, 200, { data: req.headers['accept-language'] ?? null }),
    [`GET ${P}/auth/refresh`]: (_req, res) => json(res, 200, { data: null }, { Authorization: 'Bearer fresh.token' }),
    [`POST ${P}/echo`]: (req, res) => json(res, 201, { data: JSON.parse(req.body) }),
    [`PUT ${P}/echo`]: (req, res) => json(res, 200, { data: { put: JSON.parse(req.body) } }),
    [`PATCH ${P}/echo`]: (req, res) => json(res, 200, { data: { patch: JSON.parse(req.body) } }),
    [`DELETE ${P}/echo`]: (_req, res) => json(res, 200, { data: 'deleted' }),
    [`GET ${P}/search`]: (req, res) => json(res, 200, { data: req.url.split('?')[1] }),
    [`POST ${P}/profile/update`]: (_req, res) =>
      json(res, 422, { message: 'The given data was invalid.', errors: { name: ['Name is required', 'Too short'], vat: ['Bad VAT'] } }),
    [`GET ${P}/expired`]: (_req, res) => json(res, 401, { message: 'Unauthenticated.' }),
    // Answers 401 to the old token (revoked by a refresh), 200 to the new one.
    [`GET ${P}/rotated`]: (req, res) =>
      req.headers.authorization === 'Bearer tok-2' ? json(res, 200, { data: 'ok' }) : json(res, 401, { message: 'Unauthenticated.' }),
    [`POST ${P}/auth/login`]: (_req, res) => json(res, 401, { message: 'These credentials do not match our records.' }),
    [`GET ${P}/notice`]: (_req, res) =>
      json(res, 400, { notice: { message: 'Balance is too low' }, error: { message: 'second' }, message: 'third' }),
    [`GET ${P}/error`]: (_req, res) => json(res, 500, { error: { message: 'Server exploded' }, message: 'third' }),
    [`GET ${P}/message`]: (_req, res) => json(res, 403, { message: 'Section disabled' }),
    [`GET ${P}/bare`]: (_req, res) => res.writeHead(502).end('Bad gateway'),
    [`GET ${P}/document`]: (_req, res) => {
      res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
      res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="INV-1.pdf"' }).end('%PDF-1.7');
    },
    [`GET ${P}/document-gone`]: (_req, res) => json(res, 404, { message: 'No such invoice' }),
    [`GET ${P}/slow`]: (_req, res) => setTimeout(() => json(res, 200, { data: 'late' }), 2000),
  });
});
afterAll(() => server.close());

function setup(token: string | null = 'tok-1') {
  let current = token;
  const tokens: TokenProvider = { getToken: () => current, clearToken: vi.fn(() => (current = null)) };
  const effects = { onUnauthorized: vi.fn(), notify: vi.fn(), report: vi.fn() };
  const api = new ApiClient({ tokens, origin: server.origin, ...effects });
  return { api, tokens, ...effects, token: () => current };
}

describe('ApiClient', () => {
  it('answers a file call with a Blob and its headers, and reads a failed one back as JSON for its message', async () => {
    const { api, notify } = setup();
    const answer = await api.request<Blob>({ method: 'GET', url: 'document', responseType: 'blob' });
    expect(answer.data).toBeInstanceOf(Blob);
    expect(await answer.data.text()).toBe('%PDF-1.7');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="INV-1.pdf"');
    const error = await api.request({ method: 'GET', url: 'document-gone', responseType: 'blob' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).message, (error as ApiError).status]).toEqual(['No such invoice', 404]);
    expect(notify).toHaveBeenCalledWith('No such invoice');
  });

  it('resolves paths under the private API base and sends the bearer token', async () => {
    const { api } = setup();
    expect(api.baseURL).toBe(`${server.origin}${P}/`);
    expect(await api.get('user')).toEqual({ data: { id: 7, auth: 'Bearer tok-1' } });
    expect(await api.get('/user')).toEqual({ data: { id: 7, auth: 'Bearer tok-1' } });
  });

  it('sends no Authorization header when signed out', async () => {
    const { api } = setup(null);
    expect(await api.get('user')).toEqual({ data: { id: 7, auth: null } });
  });

  it('sends the interface language as Accept-Language, following it as it changes', async () => {
    let language = 'ru';
    const api = new ApiClient({ origin: server.origin, language: () => language });
    expect(await api.get('language')).toEqual({ data: 'ru' });
    language = 'ja';
    expect(await api.get('language')).toEqual({ data: 'ja' });
  });

  it('derives the API origin from the page location when no override is given', () => {
    const api = new ApiClient({ location: { protocol: 'https:', hostname: 'panel.acme.com', port: '' } });
    expect(api.baseURL).toBe('https://core.acme.com/api/private/v1/');
  });

  it('sends bodies and params and returns the body for every verb', async () => {
    const { api } = setup();
    expect(await api.post('echo', { a: 1 })).toEqual({ data: { a: 1 } });
    expect(await api.put('echo', { b: 2 })).toEqual({ data: { put: { b: 2 } } });
    expect(await api.patch('echo', { c: 3 })).toEqual({ data: { patch: { c: 3 } } });
    expect(await api.delete('echo')).toEqual({ data: 'deleted' });
    expect(await api.get('search', { params: { q: 'a b', page: 2 } })).toEqual({ data: 'q=a+b&page=2' });
  });

  it('request exposes the response headers, so refresh can read the new token', async () => {
    const { api } = setup();
    const res = await api.request({ method: 'GET', url: 'auth/refresh' });
    expect(res.status).toBe(200);
    expect(bearerToken(res.headers.authorization)).toBe('fresh.token');
  });

  it('turns an errors map into a ValidationError for the form, without a toast', async () => {
    const { api, notify, report } = setup();
    const error = await api.post('profile/update', { name: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe('Sended data is invalid');
    expect((error as ValidationError).errors).toEqual({ name: ['Name is required', 'Too short'], vat: ['Bad VAT'] });
    expect((error as ValidationError).first('name')).toBe('Name is required');
    expect((error as ValidationError).status).toBe(422);
    expect(notify).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it('clears the token and calls onUnauthorized on 401, without a toast', async () => {
    const { api, tokens, onUnauthorized, notify, token } = setup();
    const error = await api.get('expired').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(tokens.clearToken).toHaveBeenCalledTimes(1);
    expect(token()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('ten calls refused together end the session once: one sign-out, one redirect', async () => {
    const { api, tokens, onUnauthorized, notify } = setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.get('expired').catch((e: unknown) => e)));
    expect(answers.every((e) => e instanceof ApiError && e.status === 401)).toBe(true);
    expect(tokens.clearToken).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends a call again with the new token when a refresh replaced the token while it was on its way', async () => {
    const { api, tokens, onUnauthorized } = setup();
    let current = 'tok-1';
    tokens.getToken = () => current;
    const pending = api.get('rotated');
    current = 'tok-2'; // the refresh answered first
    await expect(pending).resolves.toEqual({ data: 'ok' });
    expect(tokens.clearToken).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 to a guest (no token sent) is an ordinary failure: toast, no sign-out', async () => {
    const { api, tokens, onUnauthorized, notify } = setup(null);
    await expect(api.post('auth/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(notify).toHaveBeenCalledExactlyOnceWith('These credentials do not match our records.');
    expect(tokens.clearToken).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    ['notice', 'Balance is too low', 400],
    ['error', 'Server exploded', 500],
    ['message', 'Section disabled', 403],
    ['bare', GENERIC_ERROR_MESSAGE, 502],
  ])('toasts and reports other failures (%s → %s)', async (path, message, status) => {
    const { api, notify, report, onUnauthorized } = setup();
    const error = await api.get(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).status).toBe(status);
    expect(notify).toHaveBeenCalledExactlyOnceWith(message);
    expect(report).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('toasts a generic message when no answer arrives', async () => {
    const notify = vi.fn();
    const dead = new ApiClient({ origin: 'http://127.0.0.1:1', notify });
    const error = await dead.get('user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(notify).toHaveBeenCalledExactlyOnceWith(GENERIC_ERROR_MESSAGE);
  });

  it("says a failure without a usable answer in the interface language: a proxy's HTML page, no answer, a timeout", async () => {
    const notify = vi.fn();
    const failureText = (reason: string) => (reason === 'noAnswer' ? 'Keine Antwort' : 'Etwas ist schiefgelaufen');
    const proxied = new ApiClient({ origin: server.origin, notify, failureText });
    await expect(proxied.get('bare')).rejects.toMatchObject({ status: 502, message: 'Etwas ist schiefgelaufen' });
    const dead = new ApiClient({ origin: 'http://127.0.0.1:1', notify, failureText });
    await expect(dead.get('user')).rejects.toMatchObject({ message: 'Keine Antwort' });
    const impatient = new ApiClient({ origin: server.origin, notify, failureText, axios: { timeout: 50 } });
    await expect(impatient.get('slow')).rejects.toMatchObject({ message: 'Keine Antwort' });
    expect(notify.mock.calls.map(([m]) => m)).toEqual(['Etwas ist schiefgelaufen', 'Keine Antwort', 'Keine Antwort']);
  });

  it('lets an upload take longer than the timeout of other calls', async () => {
    const patient = new ApiClient({ origin: server.origin, axios: { timeout: 50 } });
    const form = new FormData();
    form.append('kind', 'image');
    await expect(patient.request({ method: 'GET', url: 'slow', data: form })).resolves.toMatchObject({ data: { data: 'late' } });
  });

  it('ignores cancelled requests: no toast, no report, and isCancel tells the caller', async () => {
    const { api, notify, report } = setup();
    const controller = new AbortController();
    const pending = api.get('slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(isCancel(error)).toBe(true);
    expect(isCancel(new Error('x'))).toBe(false);
    expect(notify).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it('silent calls skip the toast and the report but still reject', async () => {
    const { api, notify, report } = setup();
    await expect(api.get('message', { silent: true })).rejects.toThrow('Section disabled');
    expect(notify).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  describe('transport (for the lookup store)', () => {
    it('resolves with the body of GET and POST calls', async () => {
      const { api } = setup();
      const typed: LookupStoreTransport = api.transport; // fits the lookup store's own type
      expect(typed).toBe(api.transport);
      const signal = new AbortController().signal;
      expect(await api.transport({ method: 'GET', url: 'search', params: { q: 'x' }, signal })).toEqual({ data: 'q=x' });
      expect(await api.transport({ method: 'POST', url: 'echo', data: { query: 'ber' }, signal })).toEqual({
        data: { query: 'ber' },
      });
    });

    it('rethrows failures silently', async () => {
      const { api, notify, report } = setup();
      const signal = new AbortController().signal;
      await expect(api.transport({ method: 'GET', url: 'error', signal })).rejects.toBeInstanceOf(ApiError);
      expect(notify).not.toHaveBeenCalled();
      expect(report).not.toHaveBeenCalled();
    });

    it('rejects with a cancel error when its signal aborts', async () => {
      const { api } = setup();
      const controller = new AbortController();
      const pending = api.transport({ method: 'GET', url: 'slow', signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      expect(isCancel(await pending)).toBe(true);
    });
  });
});
