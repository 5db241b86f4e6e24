/** The DOM id RJSF gives the field at a dotted path (`targets.country.countries` → `root_targets_country_countries`). */
export function fieldDomId(path: string, idPrefix = 'root'): string {
  return path === '' ? idPrefix : `${idPrefix}_${path.split('.').join('_')}`;
}

/**
 * The element of the field at `path` inside `form`, or of its nearest shown ancestor (a server error may name a
 * part of a field that has no input of its own, e.g. `limits.total` of a hidden branch or `cpa_goals.2` of a list).
 */
function fieldElement(form: HTMLElement, path: string): HTMLElement | null {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const found = form.ownerDocument.getElementById(fieldDomId(parts.slice(0, n).join('.')));
    if (found && form.contains(found)) return found;
  }
  return null;
}

/** The first of the fields in the page's order (not the order the validator reported them in). */
export function firstFieldElement(form: HTMLElement, paths: readonly string[]): HTMLElement | null {
  let first: HTMLElement | null = null;
  for (const path of paths) {
    const el = fieldElement(form, path);
    if (el && (!first || first.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING)) first = el;
  }
  return first;
}

const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Brings the first field with an error into the middle of the view (clear of sticky bars at the top and bottom) and
 * puts the keyboard there. Sections that hold an error open on the render that shows it, and their content may
 * mount a frame or two later: it tries again on the next frames before giving up.
 * @returns a function that stops the pending tries.
 */
export function revealFirstError(form: HTMLElement, paths: readonly string[], frames = 10): () => void {
  let handle = 0;
  const attempt = (left: number) => {
    const el = firstFieldElement(form, paths);
    // An exact field found, or the last try: go to what there is.
    if (el && (paths.some((p) => el.id === fieldDomId(p)) || left === 0)) {
      // Optional: jsdom (the unit tests' DOM) has no scrolling.
      el.scrollIntoView?.({ block: 'center' });
      const target = el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus({ preventScroll: true });
      return;
    }
    if (left > 0) handle = requestAnimationFrame(() => attempt(left - 1));
  };
  handle = requestAnimationFrame(() => attempt(frames));
  return () => cancelAnimationFrame(handle);
}
