/** Splits a JSON Pointer (RFC 6901) into unescaped tokens; `''` is the whole document. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Whether a string is a syntactically valid JSON Pointer. */
export function isJsonPointer(value: unknown): value is string {
  return typeof value === 'string' && (value === '' || (value.startsWith('/') && !/~[^01]|~$/.test(value)));
}

/** The value at `pointer` inside `doc`, or `undefined` when any step is missing. */
export function getByPointer(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const token of pointerTokens(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}
