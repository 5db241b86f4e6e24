import type { ApiClient } from '../../../engine/api';
import { MediaStore } from '../../../engine/media';
import { useStores } from '../../app/context';
import type { GlobalSettings } from '../../../generated/types';

const KB = 1024;
const MB = 1024 * KB;

/** GET settings' media_limits as bytes per MIME type (what the server's areas/media/limits.ts enforces). */
export function mediaTypeLimits(limits: GlobalSettings['media_limits'] | undefined): Record<string, number> {
  if (!limits) return {};
  return {
    'image/jpeg': limits.jpeg_kb * KB,
    'image/png': limits.png_kb * KB,
    'image/gif': limits.gif_kb * KB,
    'image/webp': limits.webp_kb * KB,
    'video/mp4': limits.mp4_mb * MB,
    'application/zip': limits.zip_mb * MB,
  };
}

// One media cache per API client, shared by every ad form and preview of the session.
const stores = new WeakMap<ApiClient, MediaStore>();

/** The app's media store (uploads and the files ad forms refer to), made on first use. */
export function useAdMedia(): MediaStore {
  const { api, settings } = useStores();
  let media = stores.get(api);
  if (!media) {
    media = new MediaStore({
      // Silent: the media widget shows failures in place, under its field.
      transport: (req) => api.request({ method: req.method, url: req.url, data: req.data, signal: req.signal, silent: true }).then((r) => r.data),
      report: (error) => console.warn('media request failed', error),
      // Read at each check: the settings may arrive after the store is made.
      typeLimits: () => mediaTypeLimits(settings.data?.media_limits),
    });
    stores.set(api, media);
  }
  return media;
}
