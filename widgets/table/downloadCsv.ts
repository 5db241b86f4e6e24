/** UTF-8 byte order mark: without it Excel reads a CSV file in the system's legacy code page. */
const BOM = '\uFEFF';

/** CSV text as a file body: UTF-8 with a byte order mark, typed `text/csv;charset=utf-8`. */
export function csvBlob(text: string): Blob {
  return new Blob([BOM, text], { type: 'text/csv;charset=utf-8' });
}

/** A file name safe on every system: no path separators or reserved characters, ending in `.csv`. */
export function csvFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'export';
  return /\.csv$/i.test(safe) ? safe : `${safe}.csv`;
}

/**
 * Offers CSV text (see `toCsv`) to the user as a downloaded file.
 * @example
 * downloadCsv('statistics-2026-11.csv', toCsv(table.columns, table.sortedRows, { totals: table.totals }));
 */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(csvBlob(text));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(filename);
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after click() returns: let go of it on a later task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
