import type { ResourceFile } from '../../engine/resource/ResourceStore';

/** Hands a downloaded document to the browser's download (the name its answer gave), then lets the bytes go. */
export function saveFile({ blob, name }: ResourceFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; a later revoke leaves the browser time to read the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
