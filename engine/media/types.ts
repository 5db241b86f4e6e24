import type { MediaFile } from '../../generated/types';
import type { MediaStore } from './MediaStore';

/**
 * An uploaded file as the server describes it (`GET media/{id}` and `POST media` answer `{ data: MediaFile }`): the
 * type generated from schemas/media/media-file.answer.schema.json, the one declaration server and panel share.
 */
export type { MediaFile };

/** What a media file is; `document` is verification paperwork, the others are ad creatives. */
export type MediaKind = MediaFile['kind'];

/** One request of the media store: `GET media/{id}` or `POST media` with a multipart body. */
export interface MediaRequest {
  method: 'GET' | 'POST';
  url: string;
  /** The multipart body of an upload (`file`, `kind`). */
  data?: FormData;
  signal?: AbortSignal;
  /** Called with the sent fraction (0…1) of an upload body, when the transport can tell. */
  onUploadProgress?: (fraction: number) => void;
}

/**
 * How the media store talks to the server: resolve with the answer body, reject on failure (an error that
 * carries the answer's `errors` map for a 422, as the API client's `ValidationError` does). Send it silently:
 * the widgets show failures in place.
 */
export type MediaTransport = (req: MediaRequest) => Promise<unknown>;

/** Loading state of one media id. */
export type MediaStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Per-upload options. */
export interface MediaUploadOptions {
  /** Aborts the upload; the promise then rejects with the transport's cancel error. */
  signal?: AbortSignal;
  /** Upload progress, a fraction 0…1 (only when the transport reports it). */
  onProgress?: (fraction: number) => void;
}

/** The `formContext` part the media widget reads from `registry.formContext`. */
export interface MediaFormContext {
  media: MediaStore;
}
