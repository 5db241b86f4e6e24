import type { ApiClient } from '../../../engine/api';
import { MediaStore } from '../../../engine/media';
import { useStores } from '../../app/context';

// One media cache per API client, shared by every ad form and preview of the session.
const stores = new WeakMap<ApiClient, MediaStore>();

/** The app's media store (uploads and the files ad forms refer to), made on first use. */
export function useAdMedia(): MediaStore {
  const { api } = useStores();
  let media = stores.get(api);
  if (!media) {
    media = new MediaStore({
      // Silent: the media widget shows failures in place, under its field.
      transport: (req) => api.request({ method: req.method, url: req.url, data: req.data, signal: req.signal, silent: true }).then((r) => r.data),
      report: (error) => console.warn('media request failed', error),
    });
    stores.set(api, media);
  }
  return media;
}
