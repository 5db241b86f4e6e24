/** Two digits, zero-padded. */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** @throws when `date` is not a valid Date */
function assertDate(date: Date): void {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new Error(`Document date must be a valid Date, got ${String(date)}`);
}

/**
 * A date as DD.MM.YYYY in UTC, the same in every language.
 * @throws when `date` is invalid
 */
export function formatDate(date: Date): string {
  assertDate(date);
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/**
 * A moment as DD.MM.YYYY HH:mm in UTC (payments).
 * @throws when `date` is invalid
 */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
