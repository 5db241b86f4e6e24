/** One macro a URL may carry, replaced by the ad server on every click (`{click_id}`). */
export interface TokenChoice {
  token: string;
  /** What it stands for, in the reader's language ("Click ID"). */
  label: string;
}

/**
 * What a form passes in `formContext` so URL fields with `ui:options.tokens` offer tokens: a loader the app
 * wires to its API (the list is loaded when the menu first opens, and may be cached by the loader).
 */
export interface TokenFormContext {
  tokens?: () => Promise<readonly TokenChoice[]>;
}

/** `value` with `token` put over the selection `[start, end)`; the caret goes after the token. */
export function insertAt(value: string, token: string, start: number, end = start): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}
