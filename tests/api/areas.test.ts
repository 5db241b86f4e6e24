import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAreas } from '../../server/areas/loadAreas';
import { paths } from '../../server/paths';
import { api, API_PREFIX, build, login, type TestApp } from './helper';

const repo = join(import.meta.dirname, '..', '..');
const fixtures = join(repo, 'tests', 'fixtures', 'areas');

describe('an area added as a folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ areaDirs: [paths.areas, fixtures] });
  });
  afterAll(() => t.close());

  it('is served, guarded and documented with no list edited, on a repository it built itself', async () => {
    expect((await api(t.app, 'GET', 'greetings')).statusCode).toBe(401);
    const token = await login(t.app, 'advertiser@adnet.test');
    const res = await api(t.app, 'GET', 'greetings', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.text).toBe('Hello, advertiser@adnet.test');
    const doc = (await api(t.app, 'GET', 'docs/api.json')).json();
    expect(doc.paths[`${API_PREFIX}/greetings`].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it("lets another area use its offer, whatever the areas' order", async () => {
    const token = await login(t.app, 'advertiser@adnet.test');
    const res = await api(t.app, 'GET', 'farewells', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.text).toBe('Hello, advertiser@adnet.test, and goodbye');
  });

  it('leaves the app as it was without the fixture folder', async () => {
    const plain = await build();
    try {
      expect((await api(plain.app, 'GET', 'greetings')).statusCode).toBe(404);
      expect(plain.app.hasDecorator('greetings')).toBe(false);
      expect((await api(plain.app, 'GET', 'notifications')).statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe('loadAreas', () => {
  let dir = '';
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the product areas in order and refuses a folder without a plugin', async () => {
    expect((await loadAreas([paths.areas])).map((a) => a.name)).toContain('notifications');
    dir = mkdtempSync(join(tmpdir(), 'areas-'));
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'broken', 'index.ts'), 'export const nothing = 1;\n');
    await expect(loadAreas([dir])).rejects.toThrow(/broken: index must export its Fastify plugin as default/);
  });
});

describe('the lint rule between areas', () => {
  it("names no area after a folder of its layer (the rule tells areas apart from common code by name)", () => {
    for (const [areas, layer] of [['server/areas', 'server'], ['src/areas', 'src']]) {
      const folders = (dir: string) => readdirSync(join(repo, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
      expect(folders(areas).filter((area) => folders(layer).includes(area)), areas).toEqual([]);
    }
  });

  it("refuses an import of another area's files and allows common code", async () => {
    const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });
    const lint = async (code: string) => (await eslint.lintText(code, { filePath: 'server/areas/notifications/probe.ts' }))[0].messages.map((m) => m.message);
    const crossing = [expect.stringContaining("must not import another area's internals")];
    expect(await lint("import '../lookups/cities';\n")).toEqual(crossing);
    expect(await lint("import '../../areas/lookups/index';\n")).toEqual(crossing);
    expect(await lint("import '../ads/publicity';\n")).toEqual(crossing);
    expect(await lint("import './index';\nimport '../../services/notifications';\n")).toEqual([]);
    expect(await lint("import '../ads/public';\nimport '../campaigns/tables';\n")).toEqual([]);
  });

  it("keeps the server's platform from importing an area", async () => {
    const eslint = new ESLint({ cwd: repo });
    const lint = async (filePath: string) => (await eslint.lintText("import '../areas/ads/public';\n", { filePath }))[0].messages.map((m) => m.message);
    expect(await lint('server/services/probe.ts')).toEqual([expect.stringContaining("platform must not import an area")]);
    expect(await lint('server/demo/probe.ts')).toEqual([]);
  });
});
