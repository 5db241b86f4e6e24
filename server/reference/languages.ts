import ISO6391 from 'iso-639-1';

/** A language of the `language` collection: `id` is a stable index-free number, `code` the ISO 639-1 code. */
export interface Language {
  id: number;
  code: string;
  name: string;
  native_name: string;
}

let cache: Language[] | undefined;

/** Every ISO 639-1 language, sorted by English name. Ids come from the two letters, so they never move. */
export function languages(): Language[] {
  cache ??= ISO6391.getAllCodes()
    .map((code) => ({
      // Two lowercase letters → a number (aa=0 ... zz=675) + 1: stable and readable in the database.
      id: (code.charCodeAt(0) - 97) * 26 + (code.charCodeAt(1) - 97) + 1,
      code,
      name: ISO6391.getName(code),
      native_name: ISO6391.getNativeName(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cache;
}
