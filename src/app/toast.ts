import type { Toaster } from '@blueprintjs/core';

/** How long an error toast stays: the spec's default of 2 seconds. */
const TOAST_MS = 2000;
let toaster: Promise<Toaster> | undefined;

/**
 * Shows an error toast. The toaster's code (overlay, transitions) loads with the first toast, not with the page.
 */
export function toast(message: string) {
  toaster ??= import('./toaster').then(({ createToaster }) => createToaster());
  void toaster.then((t) => t.show({ message, intent: 'danger', timeout: TOAST_MS }));
}
