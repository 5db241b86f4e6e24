/** The panel's web app manifest (public/manifest.webmanifest). */
export const MANIFEST_URL = '/manifest.webmanifest';

/**
 * Links the web app manifest while the network offers installing the panel (the browser's install prompt
 * needs it); removes it otherwise. Returns the cleanup.
 */
export function linkManifest(enabled: boolean, doc: Document = document): () => void {
  if (!enabled || doc.querySelector('link[rel="manifest"]')) return () => {};
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  doc.head.append(link);
  return () => link.remove();
}
