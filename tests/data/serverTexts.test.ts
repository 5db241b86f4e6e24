/**
 * The server's own messages are looked up by their English text (server/i18n/serverTexts.ts): a message written
 * in the code but missing from src/locales/en/server.json would silently stay English for every reader. This
 * reads the server's sources for the places messages are written and checks each is in the catalogue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { phrase } from '../../server/i18n/phrase';
import { ServerTexts } from '../../server/i18n/serverTexts';

const root = join(import.meta.dirname, '..', '..');
const en = JSON.parse(readFileSync(join(root, 'src', 'locales', 'en', 'server.json'), 'utf8')) as Record<string, string>;

/** Messages for the operator or developer wiring the network, not for its advertisers: English on purpose. */
const DEVELOPER_HINTS = new Set([
  'This network uses Google reCAPTCHA: render it with settings.recaptcha.siteKey from GET network.',
  'This network has no Telegram bot (messengerBotName in its config).',
]);

/** Where the server writes a message a reader sees (a single-quoted English literal in the first group). */
const WRITTEN = [
  /fieldError\([^,]+,\s*'((?:[^'\\]|\\.)*)'/g,
  /\bphrase\('((?:[^'\\]|\\.)*)'/g,
  /PackageError\('((?:[^'\\]|\\.)*)'/g,
  /HttpError\(\d+,\s*'((?:[^'\\]|\\.)*)'/g,
  /\.message\(\w+,\s*'((?:[^'\\]|\\.)*)'/g,
  /\babout\('((?:[^'\\]|\\.)*)'/g,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function written(): { text: string; file: string }[] {
  const out: { text: string; file: string }[] = [];
  for (const file of sources(join(root, 'server'))) {
    const code = readFileSync(file, 'utf8');
    for (const pattern of WRITTEN) for (const match of code.matchAll(pattern)) out.push({ text: match[1].replace(/\\'/g, "'"), file: relative(root, file) });
  }
  return out;
}

describe("the server's messages", () => {
  it('finds the messages it looks for (the scan itself works)', () => {
    const texts = written().map((w) => w.text);
    expect(texts).toContain('The file is larger than {limit}.');
    expect(texts).toContain('parent folder (..) in the path');
    expect(texts).toContain('The file is not a ZIP package.');
  });

  it('are all in src/locales/en/server.json, so every locale can translate them', () => {
    const known = new Set(Object.values(en));
    const missing = written().filter((w) => /\s/.test(w.text) && /^[A-Z]/.test(w.text) && !known.has(w.text) && !DEVELOPER_HINTS.has(w.text));
    expect(missing.map((m) => `${m.file}: ${m.text}`)).toEqual([]);
  });

  it('translate phrases with their values, phrases inside phrases too, and fall back to English', () => {
    const texts = new ServerTexts();
    const unsafe = phrase('The package contains an unsafe path {name}: {reason}.', { name: '"../x"', reason: phrase('parent folder (..) in the path') });
    expect(texts.message('en', unsafe)).toBe('The package contains an unsafe path "../x": parent folder (..) in the path.');
    expect(texts.message('ru', unsafe)).toBe('В архиве есть небезопасный путь "../x": родительская папка (..) в пути.');
    expect(texts.message('de', phrase('The file is larger than {limit}.', { limit: '500 KB' }))).toBe('Die Datei ist größer als 500 KB.');
    expect(texts.message('ru', phrase('Not in the catalogue: {x}.', { x: 1 }))).toBe('Not in the catalogue: 1.');
  });
});
