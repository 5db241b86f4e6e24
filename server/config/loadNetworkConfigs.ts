import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { paths, repoRoot } from '../paths';
import { formatSchemaError } from './formatSchemaError';
import type { NetworkConfig } from './networkConfig';

// ajv-formats is CommonJS: under Node ESM its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

/** Every problem found in the config folder, one `file: /json/path what is wrong` line each. */
export class NetworkConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid network configs:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'NetworkConfigError';
  }
}

export interface LoadOptions {
  /** Folder of `<id>.json` files; defaults to network-configs/. */
  dir?: string;
  /** Folder of data schemas, for the ad format and target id cross-checks; defaults to schemas/. */
  schemasDir?: string;
}

/** A path as an operator reads it: relative to the repository when inside it (network-configs/acme.json). */
function displayPath(path: string): string {
  const rel = relative(repoRoot, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

let metaValidator: ValidateFunction | undefined;

/** The compiled meta schema; configs are read once at start, so the server compiles it itself. */
function validator(schemasDir: string): ValidateFunction {
  if (metaValidator) return metaValidator;
  const schema = JSON.parse(readFileSync(join(schemasDir, 'meta', 'network-config.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
  addFormats(ajv);
  metaValidator = ajv.compile(schema);
  return metaValidator;
}

/** Ids known from data folders (`schemas/ad-formats/<id>/`, `schemas/targets/<id>...`), or null while a folder has none yet. */
function knownIds(dir: string): Set<string> | null {
  if (!existsSync(dir)) return null;
  const ids = readdirSync(dir, { withFileTypes: true })
    .filter((d) => !d.name.startsWith('.') && !d.name.startsWith('_'))
    .filter((d) => d.isDirectory() || d.name.endsWith('.target.json'))
    .map((d) => (d.isDirectory() ? d.name : d.name.replace(/\.target\.json$/, '')))
    .filter((name) => /^[a-z][a-z0-9-]*$/.test(name));
  return ids.length ? new Set(ids) : null;
}

/** Checks a schema-valid config for what a schema cannot say; returns `/path message` lines. */
function semanticProblems(config: NetworkConfig, fileId: string, formats: Set<string> | null, targets: Set<string> | null): string[] {
  const out: string[] = [];
  const s = config.settings;
  if (config.id !== fileId) out.push(`/id must equal the file name "${fileId}" (got "${config.id}")`);
  if (!s.locales.includes(s.defaultLocale)) {
    out.push(`/settings/defaultLocale must be one of the locales: ${s.locales.join(', ')} (got "${s.defaultLocale}")`);
  }
  if (s.accountManagerPanel?.enabled && s.liveChat?.kind !== 1) {
    out.push('/settings/accountManagerPanel/enabled needs /settings/liveChat/kind 1 (the account manager chat)');
  }
  if (s.liveChat?.enabled && s.liveChat.kind !== 1 && !s.liveChat.appId) {
    out.push(`/settings/liveChat/appId is required for live chat kind ${s.liveChat.kind}`);
  }
  if (s.channels?.telegram && !config.messengerBotName) out.push('/settings/channels/telegram needs /messengerBotName');
  if (s.supportLinks?.liveChat && !s.liveChat?.enabled) out.push('/settings/supportLinks/liveChat needs /settings/liveChat/enabled');
  if (s.themes.dark === undefined && s.defaultTheme === 'dark') out.push('/settings/defaultTheme is "dark" but /settings/themes/dark is missing');
  out.push(...paymentProblems(s.payments));
  out.push(...planProblems(config));
  config.adFormats.forEach((id, i) => {
    if (formats && !formats.has(id)) out.push(`/adFormats/${i} "${id}" is not an ad format; known: ${[...formats].sort().join(', ')}`);
  });
  config.targetTypes.forEach((id, i) => {
    if (targets && !targets.has(id)) out.push(`/targetTypes/${i} "${id}" is not a target type; known: ${[...targets].sort().join(', ')}`);
  });
  return out;
}

/** Payment methods: ids name payments for good, bounds in order, a card kept only by a gateway that can charge it. */
/** Plan ids are unique and a network with the Providers section sells at least one active plan (providers need one). */
function planProblems(config: NetworkConfig): string[] {
  const out: string[] = [];
  const plans = config.settings.providerPlans ?? [];
  const seen = new Set<number>();
  plans.forEach((plan, i) => {
    if (seen.has(plan.id)) out.push(`/settings/providerPlans/${i}/id ${plan.id} is already the id of another plan`);
    seen.add(plan.id);
    const locales = plan.translations.map((t) => t.locale);
    const twice = locales.find((l, j) => locales.indexOf(l) !== j);
    if (twice) out.push(`/settings/providerPlans/${i}/translations: "${twice}" is translated twice`);
  });
  if (config.guardSections.includes('Providers') && !plans.some((p) => p.status === 'active')) {
    out.push('/guardSections has "Providers" but /settings/providerPlans has no active plan: traffic providers run only under a plan');
  }
  return out;
}

function paymentProblems(payments: NetworkConfig['settings']['payments']): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  (payments?.methods ?? []).forEach((m, i) => {
    const at = `/settings/payments/methods/${i}`;
    if (seen.has(m.id)) out.push(`${at}/id ${m.id} is already the id of another method`);
    seen.add(m.id);
    if (m.maxAmount !== undefined && Number(m.maxAmount) < Number(m.minAmount)) out.push(`${at}/maxAmount ${m.maxAmount} is below minAmount ${m.minAmount}`);
    if (m.recurring && (m.gateway === 'invoice' || m.type !== 'card')) out.push(`${at}/recurring: only a card method of the sandbox or Stripe can keep a card`);
    if (m.gateway === 'invoice' && !payments?.seller) out.push(`${at}: a bank transfer by invoice needs /settings/payments/seller (the bank details the invoice prints)`);
  });
  return out;
}

/**
 * Reads and validates every `<id>.json` of the config folder.
 * @throws {NetworkConfigError} listing every problem of every file (file, JSON path, what is wrong).
 */
export function loadNetworkConfigs(options: LoadOptions = {}): NetworkConfig[] {
  const dir = options.dir ?? paths.networkConfigs;
  const schemasDir = options.schemasDir ?? paths.schemas;
  const validate = validator(schemasDir);
  const formats = knownIds(join(schemasDir, 'ad-formats'));
  const targets = knownIds(join(schemasDir, 'targets'));
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const problems: string[] = [];
  const configs: NetworkConfig[] = [];
  const hostOwner = new Map<string, string>();

  for (const file of files) {
    const shown = displayPath(join(dir, file));
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      problems.push(`${shown}: not valid JSON: ${(e as Error).message}`);
      continue;
    }
    if (!validate(data)) {
      for (const error of validate.errors ?? []) problems.push(`${shown}: ${formatSchemaError(error)}`);
      continue;
    }
    const config = data as NetworkConfig;
    const fileProblems = semanticProblems(config, basename(file, '.json'), formats, targets);
    config.hosts.forEach((host, i) => {
      const owner = hostOwner.get(host);
      if (owner) fileProblems.push(`/hosts/${i} "${host}" is already a host of network "${owner}"`);
      else hostOwner.set(host, config.id);
    });
    problems.push(...fileProblems.map((p) => `${shown}: ${p}`));
    if (!fileProblems.length) configs.push(config);
  }

  const defaults = configs.filter((c) => c.default);
  if (defaults.length > 1) problems.push(`network-configs: only one network may be "default": true (found ${defaults.map((c) => c.id).join(', ')})`);
  if (!files.length) problems.push(`${displayPath(dir)}: no network config (*.json) found`);
  if (problems.length) throw new NetworkConfigError(problems);
  return configs;
}
