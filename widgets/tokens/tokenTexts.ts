/**
 * The English texts of the token menu under their message ids; translations are in
 * src/locales/<locale>/panelWidgets.json (tests/data/locales.test.ts keeps the English there equal to these).
 */
export const TOKEN_TEXTS = {
  'tokens.insert': 'Insert a token',
  'tokens.loading': 'Loading tokens…',
  'tokens.loadFailed': 'The tokens could not be loaded.',
  'tokens.retry': 'Retry',
  'tokens.empty': 'No tokens available',
} as const satisfies Record<string, string>;
