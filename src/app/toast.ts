import type { Intent, Toaster } from '@blueprintjs/core';

/** How long a toast stays: the spec's default of 2 seconds. */
const TOAST_MS = 2000;
let toaster: Promise<Toaster> | undefined;

/**
 * Shows a toast, an error one unless told otherwise. The toaster's code (overlay, transitions) loads with the
 * first toast, not with the page.
 */
export function toast(message: string, intent: Intent = 'danger') {
  toaster ??= import('./toaster').then(({ createToaster }) => createToaster());
  void toaster.then((t) => t.show({ message, intent, timeout: TOAST_MS }));
}

/**
 * Dismisses every toast and waits out their exit transition. For tests: a toast shown at the end of a test file
 * would otherwise fire its timers into a page already torn down ("window is not defined").
 */
export async function settleToasts(): Promise<void> {
  if (!toaster) return;
  (await toaster).clear();
  await new Promise((resolve) => setTimeout(resolve, 400));
}
