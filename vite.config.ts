import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { brandableCss } from './widgets/theme/accents.ts';
import { precompress } from './scripts/precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/**
 * The modules of @rjsf/utils the theme's templates use to draw a field (labels, ids, input props, button texts),
 * with what they import: FlatSchemaForm draws the sign-in form with these alone.
 */
const THEME_UTILS = 'canExpand|constants|englishStringTranslator|enums|getDecimalSeparator|getInputProps|getSubmitButtonOptions|getTemplate|getUiOptions|idGenerators|isObject|rangeSpec|replaceStringParameters|index';

/** RJSF itself and what only it uses: the forms of the signed-in panel load it, the sign-in page does not. */
const RJSF = new RegExp(
  [
    String.raw`node_modules[\\/](@rjsf[\\/](core|validator-ajv8)|@x0k|fast-uri|fast-equals|jsonpointer|react-is)[\\/]`,
    String.raw`node_modules[\\/]@rjsf[\\/]utils[\\/]lib[\\/](?!(${THEME_UTILS})\.js)`,
    String.raw`engine[\\/](form[\\/](plainText|uriResolver)\.tsx?|schema[\\/](resolver|precompiledValidator)\.ts)`,
  ].join('|'),
);

const FORM_CORE = new RegExp(
  [
    String.raw`node_modules[\\/]@rjsf[\\/]utils[\\/]lib[\\/](${THEME_UTILS})\.js`,
    String.raw`@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/](common|components[\\/](forms[\\/](formGroup|inputGroup|asyncControllableInput)|callout|button|card|non-ideal-state|icon|text|spinner|html)[\\/])`,
    String.raw`engine[\\/](form[\\/](?!SchemaForm\.|EngineForm\.|plainLeaf\.|sectionSummary\.|listDefaults\.)|i18n[\\/])`,
    String.raw`widgets[\\/](index\.ts|lazyWidget\.tsx|theme[\\/](index|FieldTemplate|BaseInputTemplate|FastInputGroup|ButtonTemplates|TextTemplates|ErrorListTemplate)\.tsx?)`,
    String.raw`src[\\/](common[\\/](AuthCard|SchemaEntryGate)\.|areas[\\/]accounts[\\/]useCaptchaContext\.)`,
  ].join('|'),
);

/** Blueprint's blue as CSS variables a network's theme sets (widgets/theme/accents.ts says how). */
function brandAccents(): Plugin {
  return {
    name: 'brand-accents',
    enforce: 'pre',
    transform(code, id) {
      if (/@blueprintjs[\\/]core[\\/]lib[\\/]css[\\/]blueprint\.css$/.test(id.split('?')[0])) return { code: brandableCss(code), map: null };
    },
  };
}

/** Modules of libraries the panel replaces with smaller stand-ins of its own; each stand-in's file says why. */
const STAND_INS = [
  // Blueprint's table of icon names.
  { source: './iconNames', importer: /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]/, file: './widgets/theme/blueprintIconNames.ts' },
  // Axios's fetch adapter, which browsers never reach.
  { source: './fetch.js', importer: /axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/, file: './engine/api/axiosFetchAdapter.ts' },
].map((standIn) => ({ ...standIn, file: fileURLToPath(new URL(standIn.file, import.meta.url)) }));

function standIns(): Plugin {
  return {
    name: 'stand-ins',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer ? STAND_INS.find((s) => s.source === source && s.importer.test(importer))?.file : undefined;
    },
  };
}

/**
 * Blueprint checks its props and warns only outside production, asking a global `NODE_ENV` it expects the bundler to
 * define: without it every check ran in the built panel, and their messages shipped with it. In the build, its
 * `isNodeEnv("production")` calls become `true` (and "development" `false`), so the checks and their messages
 * (common/errors.js) drop out of the bundle: 1 KiB (gzip) of the sign-in page, and work on every render.
 */
function blueprintProduction(): Plugin {
  return {
    name: 'blueprint-production',
    apply: 'build',
    transform(code, id) {
      if (!/@blueprintjs[\\/]\w+[\\/]lib[\\/]esm[\\/]/.test(id) || !code.includes('isNodeEnv(')) return;
      return { code: code.replace(/\b(?:Utils\.)?isNodeEnv\("(production|development)"\)/g, (_, env: string) => String(env === 'production')), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), brandAccents(), standIns(), blueprintProduction(), precompress()],
  // Blueprint's own test for production (above) in `npm run dev` and Storybook too.
  define: { NODE_ENV: JSON.stringify(process.env.NODE_ENV ?? 'development') },
  resolve: {
    // Texts from schemas are plain text: RJSF's markdown renderer is replaced (engine/form/plainText.tsx says why).
    alias: [
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./engine/form/plainText.tsx', import.meta.url)) },
      // Translations arrive precompiled (scripts/compile-messages.ts), so the ICU parser stays out of the bundle.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      // @rjsf/utils needs two calls of fast-uri, which the platform's URL does (engine/form/uriResolver.ts says why).
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./engine/form/uriResolver.ts', import.meta.url)) },
    ],
  },
  server: {
    // `npm run dev` serves the panel with hot reload and forwards the API to `npm run dev:server`, and uploads and
    // the ad tag preview page (/media-files/ad-tag-frame.html), which previews load from the panel's own host.
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/media-files': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // Maps are written for reading error reports (stack traces from users) but not referenced from the scripts,
    // and the server never serves *.map: they hold every source file's text (probe finding F13).
    sourcemap: 'hidden',
    // The build report (npm run bench) follows the manifest to size what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks named by their hash alone: the first chunk lists every other chunk's file for the preloader, and
        // names like `accounts_password_email-DmMfh2Bb.js` made that list 2.6 KiB (gzip) of the sign-in page. The
        // build's manifest (and bench/buildReport.ts) still says which source each file holds.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // What every form page needs (RJSF, the form engine, the theme's always-used templates and the Blueprint
          // parts they render) goes in one chunk: left to itself the bundler splits it into a dozen small shared
          // chunks, and their per-file overhead cost the sign-in page several KiB.
          // RJSF gets a chunk of its own, which only the forms drawn through it load (FlatSchemaForm draws sign-in).
          groups: [
            // Only what it captures: React, which RJSF imports too, stays in the entry.
            { name: 'rjsf', test: RJSF, priority: 2, includeDependenciesRecursively: false },
            { name: 'forms', test: FORM_CORE, priority: 1 },
            // Blueprint's icon components, each a module that several pages share: left alone each became a chunk
            // of its own, some sixty requests of under 2 KiB when a panel page opens (Lighthouse's statistics page).
            { name: 'icons', test: /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]generated[\\/]components[\\/]/, priority: 1 },
            // The statistics reports' column sets (one per grouping, each under 1 KiB), which the reports import
            // together and the resource registry one by one: one chunk, not thirty-five requests.
            { name: 'statistics-columns', test: /schemas[\\/]statistics[\\/][^\\/]+\.columns\.json$/, priority: 1 },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 700,
  },
});
