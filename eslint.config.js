// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

/** Imports go one way: src → widgets → engine; server → engine + schemas. */
const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups }],
});
const layer = (name) => ({
  regex: `^(\\.{1,2}/)+(.*/)?${name}(/|$)`,
  message: `This folder must not import ${name}/ (imports go src → widgets → engine).`,
});
const blueprint = { regex: '^@blueprintjs/', message: 'engine/ is headless: no Blueprint here.' };

/** The product areas of a layer: one folder each (server/areas/<area>/, src/areas/<area>/). */
const areasOf = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);
/**
 * An area never imports another area's internals: what two areas share moves to the layer's common code
 * (server/services, src/common) or the engine. Another area's `public.ts` (what it offers the others) may be
 * imported, and on the server its `tables.ts` (foreign keys and joins). One config block per area, carrying its
 * layer's own rules too.
 */
const areaBlocks = (root, layerRules, open = ['public']) => {
  const areas = areasOf(root);
  return areas.map((area) => {
    const others = areas.filter((a) => a !== area);
    const crossing = {
      regex: `(^|/)(\\.\\./)+(areas/)?(${others.join('|') || '(?!)'})(/(?!(${open.join('|')})$)|$)`,
      message: `The ${area} area must not import another area's internals (only its ${open.map((f) => `${f}.ts`).join(' or ')}); move what they share to common code.`,
    };
    return { files: [`${root}/${area}/**`], rules: restrict(...layerRules, crossing) };
  });
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'storybook-static', 'generated', 'coverage', 'test-results', 'playwright-report', 'bench/dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx', 'engine/**/*.ts', 'widgets/**/*.ts', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['engine/**'], rules: restrict(layer('widgets'), layer('src'), layer('server'), blueprint) },
  { files: ['widgets/**'], rules: restrict(layer('src'), layer('server')) },
  { files: ['src/**'], rules: restrict(layer('server')) },
  { files: ['server/**'], rules: restrict(layer('widgets'), layer('src'), blueprint) },
  ...areaBlocks('server/areas', [layer('widgets'), layer('src'), blueprint], ['public', 'tables']),
  ...areaBlocks('src/areas', [layer('server')]),
  // Common code is what areas share: it never reaches into one of them.
  { files: ['src/common/**'], rules: restrict(layer('server'), { regex: '(^|/)(\\.\\./)+(src/)?areas(/|$)', message: 'src/common/ must not import an area; what it needs from one moves here too.' }) },
  // Routes read the HTTP request; the services and repositories below them get plain values (server/http/ has the helpers that turn one into the other).
  {
    files: ['server/services/**', 'server/repositories/**', 'server/areas/*/repository.ts', 'server/areas/*/tables.ts'],
    rules: {
      '@typescript-eslint/no-restricted-types': [
        'error',
        { types: Object.fromEntries(['FastifyRequest', 'FastifyReply'].map((name) => [name, 'Services and repositories never receive the HTTP request or reply: the route passes the values they need.'])) },
      ],
    },
  },
  // The server's platform (every folder but the areas, the app that loads them and the demo that seeds them) serves the areas and never imports one.
  {
    files: ['server/*/**'],
    ignores: ['server/areas/**', 'server/demo/**', 'server/db/drizzle.config.ts'],
    rules: restrict(layer('widgets'), layer('src'), blueprint, { regex: '(^|/)(\\.\\./)+areas/', message: "The server's platform must not import an area: an area decorates the app with what others need (its provide)." }),
  },
);
