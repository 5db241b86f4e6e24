/**
 * `npm run generate`: everything the browser and the server load precompiled, written to generated/
 * (not in git): schema validators with their catalogs, and translation ASTs. Run by npm start, npm test,
 * npm run build and Storybook.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateValidators, out } from './compile-validators';
import { compileMessages } from './compile-messages';

const root = fileURLToPath(new URL('..', import.meta.url));

export function generate() {
  const validators = generateValidators();
  const locales = compileMessages(join(root, 'src', 'locales'), join(out, 'locales'));
  return { ...validators, locales };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    const { count, fresh, locales } = generate();
    const ms = Math.round(performance.now() - started);
    console.log(`generate: ${count} schemas ${fresh ? 'compiled' : 'up to date'}, ${locales} locales (${ms} ms)`);
  } catch (e) {
    console.error(`generate: ${(e as Error).message}`);
    process.exit(1);
  }
}
