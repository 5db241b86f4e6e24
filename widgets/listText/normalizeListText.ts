/**
 * List input as the API wants it: each line trimmed, empty lines dropped, line breaks turned into
 * commas (`" a \n\n b "` → `"a,b"`).
 */
export function normalizeListText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(',');
}

/** The lines to show for a stored comma-joined value (`"a,b"` → `"a\nb"`). */
export function listTextToLines(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return value.split(',').join('\n');
}

/** Number of items in a stored comma-joined value. */
export function countListItems(value: unknown): number {
  return typeof value === 'string' && value !== '' ? value.split(',').length : 0;
}
