let early: Event | null = null;

/**
 * Catches the browser's `beforeinstallprompt` from the very start (it fires once, early, often before the
 * signed-in shell's code has loaded); the shell's install offer takes it with `takeEarlyInstallPrompt`.
 */
export function listenForInstallPrompt(target: Pick<Window, 'addEventListener'> | undefined = globalThis.window) {
  target?.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the panel offers it in the sidebar instead of the browser's mini bar
    early = event;
  });
}

/** The install prompt caught before the shell loaded, once. */
export function takeEarlyInstallPrompt(): Event | null {
  const event = early;
  early = null;
  return event;
}
