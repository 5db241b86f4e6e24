/**
 * The server half of the shared examples (schemas/ad-formats/<id>/examples.json): each one is POSTed as an ad
 * and must be saved when valid, or refused with errors under exactly the fields its file names — the verdict
 * tests/browser/adFormatExamples.test.ts gets from the panel's validator. Media placeholders become real
 * uploads of the kind each field accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaLoaders } from '../../generated/catalog';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { mediaRefs } from '../../server/areas/ads/adForm';
import { creativeSchemaId } from '../../server/settings/adFormats';
import { adFormatExamples, expectedFields } from '../fixtures/adFormatExamples';
import { MP4, png, zip } from '../fixtures/mediaBytes';
import { api, build, login, upload, type TestApp } from './helper';

const catalog = new SchemaCatalog(schemaLoaders);
let t: TestApp;
let token: string;
/** An upload id per kind a media field accepts. */
const uploaded: Record<string, number> = {};

beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'company@adnet.test');
  const files = {
    image: { bytes: png(300, 250), name: 'creative.png' },
    video: { bytes: MP4, name: 'clip.mp4' },
    package: { bytes: zip([{ name: 'index.html', data: '<!doctype html><p>Banner</p>' }]), name: 'banner.zip' },
  };
  for (const [kind, file] of Object.entries(files)) {
    const res = await upload(t.app, token, 'media', file, { kind });
    expect(res.statusCode, res.body).toBe(201);
    uploaded[kind] = res.json().data.id;
  }
});
afterAll(() => t?.close());

/** The example's data with each media placeholder replaced by the user's upload of the field's kind. */
async function withUploads(format: string, data: Record<string, unknown>) {
  const entry = await catalog.load(creativeSchemaId(format));
  const copy = structuredClone(data);
  for (const ref of mediaRefs(entry.uiSchema, copy)) {
    const parts = ref.field.split('.');
    const last = parts.pop()!;
    const parent = parts.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
    parent[last] = uploaded[ref.accept];
  }
  return copy;
}

describe('ad format examples on the server', () => {
  it.each(adFormatExamples().map((c) => [`${c.format}: ${c.verdict}: ${c.example.title}`, c] as const))('%s', async (_name, c) => {
    const res = await api(t.app, 'POST', 'ads', { token, body: { format: c.format, ...(await withUploads(c.format, c.example.data)) } });
    if (c.verdict === 'valid') {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ format: c.format, name: c.example.data.name });
    } else {
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(expectedFields(c));
    }
  });
});
