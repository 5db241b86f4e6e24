/**
 * The English texts of the lookup picker under their message ids; translations are in
 * src/locales/<locale>/widgets.json (tests/data/locales.test.ts keeps the English there equal to these).
 */
export const LOOKUP_TEXTS = {
  'lookup.search': 'Search…',
  'lookup.searchToAdd': 'Search to add…',
  'lookup.loadingOptions': 'Loading options',
  'lookup.clearSearch': 'Clear search',
  'lookup.selected': '{count} selected',
  'lookup.matching': '{count} matching',
  'lookup.available': '{count} available',
  'lookup.selectAll': 'Select all',
  'lookup.selectAllMatching': 'Select all {count} matching',
  'lookup.clear': 'Clear',
  'lookup.confirmClear': 'Click again to clear {count}',
  'lookup.loadFailed': 'The list could not be loaded.',
  'lookup.retry': 'Retry',
  'lookup.loading': 'Loading…',
  'lookup.noMatches': 'No matches for “{search}”',
  'lookup.empty': 'Nothing to choose from',
  'lookup.more': '+{count} more',
  'lookup.showMore': 'Show {count} more selected',
  'lookup.showLess': 'Show less',
  'lookup.remove': 'Remove {label}',
  'lookup.misconfigured': 'Lookup is misconfigured',
} as const satisfies Record<string, string>;

export type LookupTextId = keyof typeof LOOKUP_TEXTS;
