import { generate } from '../../scripts/generate';

/** Tests load schemas through the generated catalog, so it must match schemas/ before any test runs. */
export default async function setup() {
  await generate();
}
