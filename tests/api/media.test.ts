import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaFiles } from '../../server/areas/media/tables';
import { PACKAGE_CSP } from '../../server/areas/media/serve';
import { box, GIF, JPEG, MP4, mp4, PNG, zip } from '../fixtures/mediaBytes';
import { api, build, login, upload as uploadAs, type TestApp } from './helper';

let t: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  otherToken = await login(t.app, 'company@adnet.test');
});
afterAll(() => t?.close());

// ---- fixtures (the byte builders are shared: tests/fixtures/mediaBytes.ts) ----

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

const BANNER_HTML = '<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><img src="img/a.png"><script>var clickTag="";</script></body></html>';
const BANNER = zip([
  { name: 'index.html', data: BANNER_HTML },
  { name: 'style.css', data: 'body{margin:0}' },
  { name: 'img/', method: 0, mode: 0o040755 },
  { name: 'img/a.png', data: PNG, method: 0 },
]);

// ---- helpers ----

/** POSTs a multipart upload as the advertiser (or `as`). */
const upload = (path: string, file: { bytes: Buffer; name: string } | null, fields: Record<string, string> = {}, as = token) => uploadAs(t.app, as, path, file, fields);

/** GETs a media address (the path and query of `src`, on adnet's host). */
const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url, headers: { host: 'adnet.localhost:8080', ...headers } });

/** A GET over a real socket with the path sent exactly as written; answers the status. */
async function rawGet(path: string): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: 'adnet.localhost:8080' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const fileErrors = (res: { json(): { errors?: Record<string, string[]> } }) => res.json().errors?.file ?? [];
const mediaCount = async () => (await api(t.app, 'GET', 'media', { token })).json().data.length as number;

// ---- tests ----

describe('POST media', () => {
  it('stores an image by its bytes and answers the MediaFile entity', async () => {
    const res = await upload('media', { bytes: PNG, name: '../../My Pixel!.png' }, { kind: 'image' });
    expect(res.statusCode).toBe(201);
    const media = res.json().data;
    expect(Object.keys(media).sort()).toEqual(['created_at', 'custom_properties', 'document_url', 'id', 'kind', 'mime_type', 'name', 'size', 'src']);
    expect(media).toMatchObject({
      kind: 'image',
      mime_type: 'image/png',
      name: 'My_Pixel.png',
      size: PNG.length,
      custom_properties: { width: 1, height: 1 },
      document_url: null,
    });
    expect(media.src).toMatch(/^http:\/\/adnet\.localhost:8080\/media-files\/[A-Za-z0-9_-]{43}\/My_Pixel\.png$/);

    const again = await api(t.app, 'GET', `media/${media.id}`, { token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(media);
  });

  it('names the file by its real type and accepts GIF and JPEG', async () => {
    const gif = await upload('media', { bytes: GIF, name: 'anim.html' });
    expect(gif.statusCode).toBe(201);
    expect(gif.json().data).toMatchObject({ kind: 'image', mime_type: 'image/gif', name: 'anim.gif' });
    const jpeg = await upload('media', { bytes: JPEG, name: 'photo.jpeg' });
    expect(jpeg.json().data).toMatchObject({ mime_type: 'image/jpeg', name: 'photo.jpg', custom_properties: { width: 2, height: 1 } });
  });

  it('refuses bytes that are not what the name or kind says', async () => {
    const before = await mediaCount();
    const text = await upload('media', { bytes: Buffer.from('<script>alert(1)</script>'), name: 'innocent.png' });
    expect(text.statusCode).toBe(422);
    expect(fileErrors(text)[0]).toMatch(/not allowed/);

    const asVideo = await upload('media', { bytes: PNG, name: 'clip.mp4' }, { kind: 'video' });
    expect(asVideo.statusCode).toBe(422);
    expect(fileErrors(asVideo)).toEqual(['The file is not a video.']);

    const asPackage = await upload('media', { bytes: MP4, name: 'banner.zip' }, { kind: 'package' });
    expect(fileErrors(asPackage)).toEqual(['The file is not a ZIP package.']);

    const pdf = await upload('media', { bytes: PDF, name: 'x.pdf' });
    expect(pdf.statusCode).toBe(422);

    const broken = await upload('media', { bytes: PNG.subarray(0, 20), name: 'cut.png' });
    expect(broken.statusCode).toBe(422);

    const badKind = await upload('media', { bytes: PNG, name: 'a.png' }, { kind: 'script' });
    expect(badKind.json().errors).toEqual({ kind: ['Choose one of: image, video, package'] });
    expect(await mediaCount()).toBe(before);
  });

  it('applies the limit of the sniffed type, in the user’s units', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(301 * 1024)]);
    const res = await upload('media', { bytes: big, name: 'big.png' });
    expect(res.statusCode).toBe(422);
    expect(fileErrors(res)).toEqual(['The image is larger than 300 KB.']);

    const pkg = zip([{ name: 'index.html', data: 'x' }, { name: 'noise.js', data: randomBytes(5 * 1024 * 1024 + 10), method: 0 }]);
    const tooBig = await upload('media', { bytes: pkg, name: 'big.zip' });
    expect(fileErrors(tooBig)).toEqual(['The package is larger than 5 MB.']);
  });

  it('rejects a form without a file, with unknown fields, or not multipart', async () => {
    expect((await upload('media', null)).json().errors).toEqual({ file: ['Choose a file to upload.'] });
    expect((await upload('media', { bytes: Buffer.alloc(0), name: 'empty.png' })).json().errors).toEqual({ file: ['The file is empty.'] });
    expect((await upload('media', { bytes: PNG, name: 'a.png' }, { owner: '1' })).json().errors).toEqual({ owner: ['This field is not allowed'] });
    const json = await api(t.app, 'POST', 'media', { token, body: { file: 'x' } });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ file: ['Choose a file to upload.'] });
    expect((await upload('media', { bytes: PNG, name: 'a.png' }, {}, '')).statusCode).toBe(401);
  });
});

describe('POST upload-file', () => {
  it('stores a plain image and answers its id and address', async () => {
    const res = await upload('upload-file', { bytes: JPEG, name: 'icon.jpg' });
    expect(res.statusCode).toBe(201);
    const { id, src } = res.json().data;
    expect(Object.keys(res.json().data).sort()).toEqual(['id', 'src']);
    expect(src).toMatch(/\/media-files\/[A-Za-z0-9_-]{43}\/icon\.jpg$/);
    expect((await api(t.app, 'GET', `media/${id}`, { token })).json().data.kind).toBe('image');
    const served = await fetchMedia(src);
    expect(served.rawPayload.equals(JPEG)).toBe(true);
  });

  it('takes images only, within the largest image limit', async () => {
    expect(fileErrors(await upload('upload-file', { bytes: MP4, name: 'a.jpg' }))).toEqual(['The file is not an image.']);
    const huge = await upload('upload-file', { bytes: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]), name: 'huge.png' });
    expect(huge.statusCode).toBe(422);
    expect(fileErrors(huge)).toEqual(['The file is larger than 500 KB.']);
  });
});

describe('refusals in the reader\'s language', () => {
  it('translates the limits and the package checks, values included', async () => {
    const ru = { 'accept-language': 'ru' };
    const huge = await uploadAs(t.app, token, 'upload-file', { bytes: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]), name: 'huge.png' }, {}, ru);
    expect(huge.json().errors.file).toEqual(['Файл больше 500 KB.']);
    const unsafe = await uploadAs(t.app, token, 'media', { bytes: zip([{ name: 'index.html', data: 'x' }, { name: '../evil.html', data: 'x' }]), name: 'p.zip' }, { kind: 'package' }, ru);
    expect(unsafe.json().errors.file).toEqual(['В архиве есть небезопасный путь "../evil.html": родительская папка (..) в пути.']);
    const wrongKind = await uploadAs(t.app, token, 'media', { bytes: MP4, name: 'a.zip' }, { kind: 'package' }, { 'accept-language': 'de' });
    expect(wrongKind.json().errors.file).toEqual(['Die Datei ist kein ZIP-Paket.']);
  });
});

describe('serving /media-files', () => {
  it('serves an image with its sniffed type, nosniff and a sandbox CSP that helmet does not override', async () => {
    const { src } = (await upload('media', { bytes: PNG, name: 'served.png' })).json().data;
    const res = await fetchMedia(src);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-disposition']).toBe('inline; filename="served.png"');
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The API itself keeps its own policy.
    const apiCsp = (await api(t.app, 'GET', 'settings')).headers['content-security-policy'];
    expect(apiCsp).toBe("default-src 'none'; frame-ancestors 'none'");

    const head = await t.app.inject({ method: 'HEAD', url: new URL(src).pathname, headers: { host: 'adnet.localhost:8080' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it('answers 404 for unknown tokens, wrong names and other networks, with nosniff', async () => {
    const { src } = (await upload('media', { bytes: PNG, name: 'mine.png' })).json().data;
    const unknown = await fetchMedia(`/media-files/${'A'.repeat(43)}/x.png`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-content-type-options']).toBe('nosniff');
    expect((await fetchMedia('/media-files/short/x.png')).statusCode).toBe(404);
    expect((await fetchMedia(src.replace(/mine\.png$/, 'other.png'))).statusCode).toBe(404);
    expect((await fetchMedia(src, { host: 'pushhub.localhost:8080' })).statusCode).toBe(404);
  });

  it('serves byte ranges of a video', async () => {
    const res = await upload('media', { bytes: MP4, name: 'clip.mp4' }, { kind: 'video' });
    expect(res.statusCode).toBe(201);
    const { src, mime_type: mime, kind } = res.json().data;
    expect([kind, mime]).toEqual(['video', 'video/mp4']);

    const whole = await fetchMedia(src);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(MP4)).toBe(true);

    const part = await fetchMedia(src, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${MP4.length}`);
    expect(part.rawPayload.equals(MP4.subarray(100, 200))).toBe(true);

    const tail = await fetchMedia(src, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(MP4.subarray(MP4.length - 10))).toBe(true);

    const open = await fetchMedia(src, { range: `bytes=${MP4.length - 5}-` });
    expect(open.headers['content-range']).toBe(`bytes ${MP4.length - 5}-${MP4.length - 1}/${MP4.length}`);

    const outside = await fetchMedia(src, { range: `bytes=${MP4.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${MP4.length}`);

    expect((await fetchMedia(src, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
  });

  it('refuses MP4 look-alikes', async () => {
    expect((await upload('media', { bytes: mp4('qt  '), name: 'a.mp4' })).statusCode).toBe(422);
    expect((await upload('media', { bytes: Buffer.concat([MP4, Buffer.from('<html>')]), name: 'a.mp4' })).statusCode).toBe(422);
    const noMoov = Buffer.concat([MP4.subarray(0, 32), box('mdat', Buffer.alloc(10))]);
    expect((await upload('media', { bytes: noMoov, name: 'a.mp4' })).statusCode).toBe(422);
  });
});

describe('HTML5 packages', () => {
  it('stores a banner and serves its files under a tight sandbox', async () => {
    const res = await upload('media', { bytes: BANNER, name: 'banner.zip' }, { kind: 'package' });
    expect(res.statusCode).toBe(201);
    const media = res.json().data;
    expect(media).toMatchObject({ kind: 'package', mime_type: 'application/zip', name: 'banner.zip', custom_properties: { entry: 'index.html', files: 3 } });
    expect(media.src).toMatch(/\/media-files\/[A-Za-z0-9_-]{43}\/index\.html$/);

    const page = await fetchMedia(media.src);
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(BANNER_HTML);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toBe(PACKAGE_CSP);
    expect(PACKAGE_CSP).toMatch(/^sandbox allow-scripts allow-popups /);
    expect(PACKAGE_CSP).not.toContain('allow-same-origin');
    expect(PACKAGE_CSP).toContain("connect-src 'none'");
    expect(PACKAGE_CSP).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();

    const base = media.src.slice(0, -'index.html'.length);
    const image = await fetchMedia(`${base}img/a.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await fetchMedia(`${base}style.css`)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await fetchMedia(`${base}missing.js`)).statusCode).toBe(404);

    const path = new URL(base).pathname;
    // Over a real socket (inject's URL parser would normalise dot segments away before the route sees them).
    for (const bad of ['../index.html', '%2e%2e/index.html', '.%2E/%2e%2e/api/private/v1/user', 'img/../index.html', 'img%2F..%2Findex.html', 'a%5Cb.html', './index.html', 'img//a.png']) {
      expect(await rawGet(`${path}${bad}`), bad).toBe(400);
    }
    const root = await fetchMedia(path);
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe(`${path}index.html`);
  });

  it('finds index.html in a single top folder', async () => {
    const pkg = zip([
      { name: 'My Banner/', method: 0, mode: 0o040755 },
      { name: 'My Banner/index.html', data: '<p>hi</p>' },
      { name: 'My Banner/app.js', data: 'void 0' },
      { name: '__MACOSX/My Banner/._index.html', data: 'junk' },
    ]);
    const res = await upload('media', { bytes: pkg, name: 'b.zip' });
    expect(res.statusCode).toBe(201);
    const media = res.json().data;
    expect(media.custom_properties).toMatchObject({ entry: 'My Banner/index.html', files: 2 });
    expect(media.src).toMatch(/\/My%20Banner\/index\.html$/);
    expect((await fetchMedia(media.src)).body).toBe('<p>hi</p>');
  });

  const refused: [string, () => Buffer, RegExp][] = [
    ['a parent path', () => zip([{ name: 'index.html', data: 'x' }, { name: '../evil.html', data: 'x' }]), /unsafe path "\.\.\/evil\.html"/],
    ['a nested parent path', () => zip([{ name: 'index.html', data: 'x' }, { name: 'a/../../evil.html', data: 'x' }]), /unsafe path/],
    ['an absolute path', () => zip([{ name: 'index.html', data: 'x' }, { name: '/etc/evil.html', data: 'x' }]), /absolute path/],
    ['a backslash', () => zip([{ name: 'index.html', data: 'x' }, { name: '..\\evil.html', data: 'x' }]), /backslash/],
    ['a drive letter', () => zip([{ name: 'index.html', data: 'x' }, { name: 'C:/evil.html', data: 'x' }]), /unsafe path/],
    ['a symlink', () => zip([{ name: 'index.html', data: 'x' }, { name: 'link.js', data: '/etc/passwd', method: 0, mode: 0o120777 }]), /symbolic link/],
    ['a device file', () => zip([{ name: 'index.html', data: 'x' }, { name: 'dev.js', data: '', method: 0, mode: 0o020644 }]), /special file/],
    ['an encrypted file', () => zip([{ name: 'index.html', data: 'x', flags: 1 }]), /encrypted/],
    ['too many files', () => zip([{ name: 'index.html', data: 'x' }, ...Array.from({ length: 100 }, (_, i) => ({ name: `f${i}.js`, data: '1', method: 0 }))]), /more than 100 files/],
    [
      'declared sizes over the unpacked limit',
      () => zip([{ name: 'index.html', data: 'x' }, ...[1, 2, 3].map((i) => ({ name: `big${i}.js`, raw: randomBytes(100 * 1024), declaredSize: 7 * 1024 * 1024 }))]),
      /larger than 20 MB when unpacked/,
    ],
    ['a compression bomb', () => zip([{ name: 'index.html', data: 'x' }, { name: 'pad.js', data: Buffer.alloc(10 * 1024 * 1024, 0x20) }]), /zip bomb/],
    ['a lie about its size', () => zip([{ name: 'index.html', data: 'x'.repeat(5000), declaredSize: 10 }]), /./],
    ['no index.html', () => zip([{ name: 'main.html', data: 'x' }]), /index\.html/],
    ['index.html in one of two folders', () => zip([{ name: 'a/index.html', data: 'x' }, { name: 'b/x.js', data: 'x' }]), /index\.html/],
    ['an executable', () => zip([{ name: 'index.html', data: 'x' }, { name: 'setup.exe', data: 'MZ' }]), /not allowed: "setup\.exe"/],
    ['a file twice', () => zip([{ name: 'index.html', data: 'x' }, { name: 'index.html', data: 'y' }]), /twice/],
    ['a truncated zip', () => BANNER.subarray(0, BANNER.length - 30), /not a valid zip/],
  ];
  it.each(refused)('refuses a package with %s before storing anything', async (_what, make, message) => {
    const before = await mediaCount();
    const res = await upload('media', { bytes: make(), name: 'bad.zip' });
    expect(res.statusCode).toBe(422);
    expect(fileErrors(res)[0]).toMatch(message);
    expect(await mediaCount()).toBe(before);
  });
});

describe('documents', () => {
  it('stores a PDF with its kind of paper, serves it only as an attachment, and changes the kind', async () => {
    const res = await upload('media/documents', { bytes: PDF, name: 'passport scan.pdf' }, { type: 'passport' });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({ kind: 'document', mime_type: 'application/pdf', name: 'passport_scan.pdf', custom_properties: { type: 'passport' } });
    expect(doc.document_url).toBe(doc.src);

    const served = await fetchMedia(doc.document_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment; filename="passport_scan.pdf"');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const meta = await api(t.app, 'POST', 'media/document-meta', { token, body: { media_id: doc.id, type: 'io' } });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data).toMatchObject({ id: doc.id, custom_properties: { type: 'io' } });
    expect((await api(t.app, 'GET', `media/${doc.id}`, { token })).json().data.custom_properties.type).toBe('io');

    const foreign = await api(t.app, 'POST', 'media/document-meta', { token: otherToken, body: { media_id: doc.id, type: 'io' } });
    expect(foreign.statusCode).toBe(404);
    const badType = await api(t.app, 'POST', 'media/document-meta', { token, body: { media_id: doc.id, type: 'selfie' } });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toHaveProperty('type');
  });

  it('are not served by a public token link (probe finding F15)', async () => {
    const doc = (await upload('media/documents', { bytes: PDF, name: 'passport.pdf' }, { type: 'passport' })).json().data;
    const [{ token: publicToken }] = await t.database.db.select({ token: mediaFiles.token }).from(mediaFiles).where(eq(mediaFiles.id, doc.id));
    const open = await fetchMedia(`/media-files/${publicToken}/passport.pdf`);
    expect(open.statusCode).toBe(404);
    expect(open.body).not.toContain('%PDF');
    expect(open.headers['x-content-type-options']).toBe('nosniff');
    // The entity never carries that link.
    expect(doc.src).not.toContain(publicToken);
    expect(doc.document_url).not.toContain(publicToken);
    // Creatives still serve by their public token, images and packages alike.
    const image = (await upload('media', { bytes: PNG, name: 'creative.png' })).json().data;
    expect((await fetchMedia(image.src)).statusCode).toBe(200);
    const pkg = (await upload('media', { bytes: BANNER, name: 'banner.zip' }, { kind: 'package' })).json().data;
    expect((await fetchMedia(pkg.src)).statusCode).toBe(200);
  });

  it('answers the owner a signed link that works for five minutes and is refused after (probe finding F15)', async () => {
    const doc = (await upload('media/documents', { bytes: PDF, name: 'id card.pdf' }, { type: 'photo_of_card' })).json().data;
    const now = Date.now();
    const res = await api(t.app, 'GET', `media/${doc.id}/download-url`, { token });
    expect(res.statusCode).toBe(200);
    const { url, expires_at: expiresAt } = res.json().data;
    expect(url).toMatch(new RegExp(`^http://adnet\\.localhost:8080/media-files/documents/${doc.id}/id_card\\.pdf\\?user=\\d+&expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    const lifetime = Date.parse(expiresAt) - now;
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 2_000);

    const served = await fetchMedia(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers['content-disposition']).toBe('attachment; filename="id_card.pdf"');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['referrer-policy']).toBe('no-referrer');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(expiresAt) - 1_000 });
    try {
      expect((await fetchMedia(url)).statusCode).toBe(200);
      vi.setSystemTime(Date.parse(expiresAt) + 1_000);
      const late = await fetchMedia(url);
      expect(late.statusCode).toBe(403);
      expect(late.json().message).toBe('This download link has expired.');
      expect(late.body).not.toContain('%PDF');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a signed link whose file, user, expiry or signature was changed (probe finding F15)', async () => {
    const doc = (await upload('media/documents', { bytes: PDF, name: 'paper.pdf' }, { type: 'io' })).json().data;
    const other = (await upload('media/documents', { bytes: PDF, name: 'paper.pdf' }, { type: 'io' }, otherToken)).json().data;
    const url = new URL((await api(t.app, 'GET', `media/${doc.id}/download-url`, { token })).json().data.url);
    const changed = (edit: (u: URL) => void) => {
      const copy = new URL(url);
      edit(copy);
      return copy.pathname + copy.search;
    };
    const signature = url.searchParams.get('signature')!;
    const tampered = [
      changed((u) => u.searchParams.set('signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1))),
      changed((u) => u.searchParams.delete('signature')),
      changed((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))),
      changed((u) => u.searchParams.set('user', String(Number(u.searchParams.get('user')) + 1))),
      changed((u) => (u.pathname = u.pathname.replace(`/${doc.id}/`, `/${other.id}/`))),
    ];
    for (const path of tampered) {
      const res = await fetchMedia(path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message, path).toBe('This download link is not valid.');
    }
    // Another network's host does not serve it either.
    expect((await fetchMedia(url.pathname + url.search, { host: 'pushhub.localhost' })).statusCode).toBe(403);
  });

  it('gives a download link to the owner and to support staff only (probe finding F15)', async () => {
    const doc = (await upload('media/documents', { bytes: PDF, name: 'mine.pdf' }, { type: 'passport' })).json().data;
    const foreign = await api(t.app, 'GET', `media/${doc.id}/download-url`, { token: otherToken });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Media file ${doc.id} not found` });
    expect((await api(t.app, 'GET', `media/${doc.id}/download-url`)).statusCode).toBe(401);
    expect((await api(t.app, 'GET', `media/${doc.id}/download-url`, { token: await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost'), host: 'pushhub.localhost' })).statusCode).toBe(404);

    const support = await login(t.app, 'support@adnet.test');
    const staff = await api(t.app, 'GET', `media/${doc.id}/download-url`, { token: support });
    expect(staff.statusCode).toBe(200);
    expect((await fetchMedia(staff.json().data.url)).statusCode).toBe(200);
    // Support of another network is a stranger.
    const otherSupport = await login(t.app, 'support@pushhub.test', 'pushhub.localhost');
    expect((await api(t.app, 'GET', `media/${doc.id}/download-url`, { token: otherSupport, host: 'pushhub.localhost' })).statusCode).toBe(404);
  });

  it('takes PNG and JPEG papers, checks the type field and the file', async () => {
    const png = await upload('media/documents', { bytes: PNG, name: 'card.png' }, { type: 'photo_of_card' });
    expect(png.json().data).toMatchObject({ kind: 'document', custom_properties: { type: 'photo_of_card', width: 1, height: 1 } });
    expect((await upload('media/documents', { bytes: PDF, name: 'a.pdf' })).json().errors).toEqual({ type: ['Choose one of: io, passport_and_paper, passport, photo_of_card'] });
    expect((await upload('media/documents', { bytes: PDF, name: 'a.pdf' }, { type: 'diary' })).statusCode).toBe(422);
    expect(fileErrors(await upload('media/documents', { bytes: GIF, name: 'a.gif' }, { type: 'io' }))[0]).toMatch(/PDF, JPEG or PNG/);
    expect((await upload('media/documents', { bytes: BANNER, name: 'a.pdf' }, { type: 'io' })).statusCode).toBe(422);
  });

  it('document-meta refuses files that are not documents', async () => {
    const { id } = (await upload('media', { bytes: PNG, name: 'a.png' })).json().data;
    const res = await api(t.app, 'POST', 'media/document-meta', { token, body: { media_id: id, type: 'io' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ media_id: ['This file is not a document.'] });
  });
});

describe('ownership and lists', () => {
  it('shows a user only their own media', async () => {
    const { id } = (await upload('media', { bytes: PNG, name: 'private.png' })).json().data;
    const foreign = await api(t.app, 'GET', `media/${id}`, { token: otherToken });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Media file ${id} not found` });
    expect((await api(t.app, 'GET', 'media/999999', { token })).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `media/${id}`)).statusCode).toBe(401);
    const theirs = (await api(t.app, 'GET', 'media', { token: otherToken })).json().data as { id: number }[];
    expect(theirs.some((m) => m.id === id)).toBe(false);
  });

  it('lists newest first, filtered by kind', async () => {
    const a = (await upload('media', { bytes: PNG, name: 'first.png' })).json().data.id;
    const b = (await upload('media', { bytes: GIF, name: 'second.gif' })).json().data.id;
    const list = (await api(t.app, 'GET', 'media?kind=image', { token })).json().data as { id: number; kind: string }[];
    expect(list.every((m) => m.kind === 'image')).toBe(true);
    expect(list.findIndex((m) => m.id === b)).toBeLessThan(list.findIndex((m) => m.id === a));
    const docs = (await api(t.app, 'GET', 'media?kind=document', { token })).json().data as { kind: string }[];
    expect(docs.every((m) => m.kind === 'document')).toBe(true);
    expect((await api(t.app, 'GET', 'media?kind=exe', { token })).statusCode).toBe(422);
  });

  it('publishes the limits in GET settings', async () => {
    const { media_limits: limits } = (await api(t.app, 'GET', 'settings')).json().data;
    expect(limits).toMatchObject({ jpeg_kb: 300, png_kb: 300, gif_kb: 500, mp4_mb: 30, zip_mb: 5, document_mb: 10, zip_entries: 100 });
  });
});
