/**
 * Types of a `network-configs/<id>.json` file; the JSON Schema in schemas/meta/network-config.schema.json is the
 * contract. Its `settings` (`NetworkSettings`, also what `GET network` hands the panel) and the interface languages
 * (`Locale`) are generated from it, so server and panel share one definition.
 */
import type { Locale, NetworkSettings } from '../../generated/types/meta_network_config';

export type { Locale, NetworkSettings };

/** The whole file (its lists as plain arrays: the generated type would make `minItems` lists tuples). */
export interface NetworkConfig {
  $schema?: string;
  id: string;
  version: 1;
  name: string;
  default?: boolean;
  hosts: string[];
  /** Where the panel's pages are reached from outside (`https://panel.example.com`): every link in a mail starts here. */
  publicUrl?: string;
  adFormats: string[];
  guardSections: string[];
  targetTypes: string[];
  /** Words that reduce a creative's traffic (see schemas/meta/network-config.schema.json); default: the built-in list. */
  adKeywords?: string[];
  showSiteDomains?: boolean;
  messengerBotName?: string;
  settings: NetworkSettings;
}
