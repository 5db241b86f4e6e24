import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { checkConfigs } from './checkConfigs';
import { loadNetworkConfigs, NetworkConfigError } from './loadNetworkConfigs';

const adnet = () => JSON.parse(readFileSync(join(paths.networkConfigs, 'adnet.json'), 'utf8'));
let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A config folder holding these files (name → JSON value or raw text). */
function folder(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'configs-'));
  dirs.push(root);
  const dir = join(root, 'network-configs');
  mkdirSync(dir);
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  return dir;
}

function problemsOf(dir: string): string[] {
  try {
    loadNetworkConfigs({ dir });
  } catch (e) {
    if (e instanceof NetworkConfigError) return e.problems;
    throw e;
  }
  return [];
}

describe('loadNetworkConfigs', () => {
  it('accepts the repository configs', () => {
    expect(loadNetworkConfigs().map((c) => c.id)).toEqual(['adnet', 'pushhub']);
  });

  it('names the file, the JSON path and the allowed values', () => {
    const acme = { ...adnet(), id: 'acme', default: false, hosts: ['acme.localhost'] };
    acme.settings = { ...acme.settings, liveChat: { enabled: true, kind: 7 } };
    const problems = problemsOf(folder({ 'acme.json': acme }));
    expect(problems).toContainEqual(expect.stringMatching(/network-configs\/acme\.json: \/settings\/liveChat\/kind must be one of: 1, 2, 3, 4$/));
  });

  it('reports unknown fields, missing fields, bad colours and bad JSON', () => {
    const acme = { ...adnet(), id: 'acme', hosts: ['acme.localhost'], colour: 'red' };
    delete acme.name;
    acme.settings = { ...acme.settings, themes: { light: { ...acme.settings.themes.light, primary: 'blue' } } };
    const problems = problemsOf(folder({ 'acme.json': acme, 'broken.json': '{ "id": ' }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/acme\.json: \/ has an unknown field "colour"/),
        expect.stringMatching(/network-configs\/acme\.json: \/ is missing the required field "name"$/),
        expect.stringMatching(/acme\.json: \/settings\/themes\/light\/primary must be a colour as #rrggbb \(got "blue"\)/),
        expect.stringMatching(/broken\.json: not valid JSON/),
      ]),
    );
  });

  it('checks what the schema cannot: id = file name, default locale, hosts and defaults unique', () => {
    const one = { ...adnet(), id: 'other' };
    one.settings = { ...one.settings, locales: ['en', 'ru'], defaultLocale: 'de' };
    const two = { ...adnet(), id: 'two' };
    const problems = problemsOf(folder({ 'one.json': one, 'two.json': two }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/one\.json: \/id must equal the file name "one"/),
        expect.stringMatching(/one\.json: \/settings\/defaultLocale must be one of the locales: en, ru/),
        expect.stringMatching(/two\.json: \/hosts\/0 "adnet\.localhost" is already a host of network "other"/),
      ]),
    );
  });

  it('needs live chat kind 1 for the account manager panel', () => {
    const acme = { ...adnet(), id: 'acme', hosts: ['acme.localhost'] };
    acme.settings = { ...acme.settings, liveChat: { enabled: true, kind: 2, appId: 'abc123' } };
    expect(problemsOf(folder({ 'acme.json': acme }))).toEqual([
      expect.stringMatching(/acme\.json: \/settings\/accountManagerPanel\/enabled needs \/settings\/liveChat\/kind 1/),
    ]);
  });

  it('checks the payment methods: unique ids, bounds in order, kept cards, and the bank details an invoice prints', () => {
    const acme = { ...adnet(), id: 'acme', hosts: ['acme.localhost'] };
    const [card, paypal, wire] = acme.settings.payments.methods;
    const { seller: _seller, ...payments } = acme.settings.payments;
    acme.settings = { ...acme.settings, payments: { ...payments, methods: [card, { ...paypal, id: 1, maxAmount: '10.00', recurring: true }, wire] } };
    expect(problemsOf(folder({ 'acme.json': acme }))).toEqual([
      expect.stringMatching(/acme\.json: \/settings\/payments\/methods\/1\/id 1 is already the id of another method$/),
      expect.stringMatching(/methods\/1\/maxAmount 10\.00 is below minAmount 50\.00$/),
      expect.stringMatching(/methods\/1\/recurring: only a card method/),
      expect.stringMatching(/methods\/2: a bank transfer by invoice needs \/settings\/payments\/seller/),
    ]);
  });
});

describe('checkConfigs (npm run check-configs)', () => {
  it('prints one OK line per network and returns 0', () => {
    const out: string[] = [];
    expect(checkConfigs({}, (l) => out.push(l), () => {})).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^OK network-configs\/adnet\.json: AdNet/), expect.stringMatching(/^OK network-configs\/pushhub\.json: PushHub/)]);
  });

  it('prints the problems and returns 1', () => {
    const bad = { ...adnet(), version: 2 };
    const err: string[] = [];
    expect(checkConfigs({ dir: folder({ 'adnet.json': bad }) }, () => {}, (l) => err.push(l))).toBe(1);
    expect(err).toEqual([expect.stringMatching(/adnet\.json: \/version must be one of: 1$/)]);
  });
});
