/**
 * `npm run generate`: everything the browser and the server load precompiled, written to generated/
 * (not in git): schema validators with their catalogs, the schemas' TypeScript types, translation ASTs, and the
 * server answers the stories replay. Run by npm start, npm test,
 * npm run build and Storybook.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateValidators, out } from './compile-validators';
import { compileMessages } from './compile-messages';
import { generateStoryAnswers } from './compile-story-answers';
import { generateTypes } from './compile-types';
import { readSchemas } from './validators/readSchemas';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function generate() {
  const validators = generateValidators();
  const types = await generateTypes(readSchemas(join(root, 'schemas')), join(root, 'schemas'), out, readFileSync(join(root, 'scripts', 'compile-types.ts'), 'utf8') + readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const locales = compileMessages(join(root, 'src', 'locales'), join(out, 'locales'));
  generateStoryAnswers(out);
  return { ...validators, types: types.count, locales };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    const { count, fresh, types, locales } = await generate();
    const ms = Math.round(performance.now() - started);
    console.log(`generate: ${count} schemas ${fresh ? 'compiled' : 'up to date'}, ${types} types, ${locales} locales (${ms} ms)`);
  } catch (e) {
    console.error(`generate: ${(e as Error).message}`);
    process.exit(1);
  }
}
