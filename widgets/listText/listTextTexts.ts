/**
 * The English texts of the list text widget under their message ids; translations are in
 * src/locales/<locale>/panelWidgets.json (listTextTexts.test.ts keeps the English there equal to these).
 */
export const LIST_TEXT_TEXTS = {
  'listText.placeholder': 'One per line',
  'listText.count': 'Entries: {count}',
  'listText.checking': 'Checking…',
  'listText.checkFailed': 'The entries could not be checked now; they are checked again when you save.',
} as const;
