/**
 * `npm run check-configs`: validates network-configs/*.json exactly as the server does at start,
 * without starting it. Prints one line per problem (file, JSON path, what is wrong) and exits 1,
 * or one OK line per network and exits 0.
 */
import { fileURLToPath } from 'node:url';
import { loadNetworkConfigs, NetworkConfigError, type LoadOptions } from './loadNetworkConfigs';

/** Runs the check and returns the exit code, printing through `out` / `err`. */
export function checkConfigs(options: LoadOptions = {}, out = console.log, err = console.error): number {
  try {
    for (const config of loadNetworkConfigs(options)) {
      out(`OK network-configs/${config.id}.json: ${config.name} (${config.hosts.join(', ')})`);
    }
    return 0;
  } catch (e) {
    if (!(e instanceof NetworkConfigError)) throw e;
    for (const problem of e.problems) err(problem);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(checkConfigs());
}
