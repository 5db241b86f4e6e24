import { makeAutoObservable, observableShallow, runInAction } from 'mobx';
import type { MediaFile, MediaKind, MediaStatus, MediaTransport, MediaUploadOptions } from './types';

/** The kinds an ad form uploads, with the MIME types each accepts (also the file input's `accept`). */
export const MEDIA_TYPES = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  video: ['video/mp4'],
  package: ['application/zip'],
} as const satisfies Partial<Record<MediaKind, readonly string[]>>;

/** A kind of file an ad creative holds (`ui:options.accept` of the media widget). */
export type UploadKind = keyof typeof MEDIA_TYPES;

/** Whether a value names an upload kind (`image`, `video`, `package`). */
export function isUploadKind(value: unknown): value is UploadKind {
  return typeof value === 'string' && Object.hasOwn(MEDIA_TYPES, value);
}

/** The `accept` attribute of a file input for a kind, e.g. `image/jpeg,image/png,image/gif,image/webp`. */
export function mediaAccept(kind: UploadKind): string {
  return MEDIA_TYPES[kind].join(',');
}

// Browsers name zip files inconsistently (Windows says x-zip-compressed, some say nothing): trust the extension.
const ZIP_ALIASES = new Set(['application/x-zip-compressed', 'application/x-zip', 'application/octet-stream', '']);

/** Whether a picked or dropped file has a type the kind accepts (the server checks the content again). */
export function isAcceptedFile(file: { type: string; name?: string }, kind: UploadKind): boolean {
  const type = file.type.toLowerCase();
  if ((MEDIA_TYPES[kind] as readonly string[]).includes(type)) return true;
  return kind === 'package' && ZIP_ALIASES.has(type) && /\.zip$/i.test(file.name ?? '');
}

/** Why a file cannot be uploaded before it is sent: a type the field does not take, or over the size limit. */
export type MediaFileProblem = { problem: 'type' } | { problem: 'size'; limit: number };

/** Thrown by `upload` when the server refused the file (422 `{ errors: { file: [message] } }`); `message` is the server's. */
export class MediaUploadError extends Error {
  override name = 'MediaUploadError';

  constructor(
    message: string,
    /** Field → messages, as the server sent them. */
    readonly errors: Readonly<Record<string, readonly string[]>>,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Thrown (and reported) when a media answer is not `{ data: MediaFile }`. */
export class MediaAnswerError extends Error {
  override name = 'MediaAnswerError';
}

/** The `errors` map carried by a failed call: the API client's ValidationError, an axios error or a bare body. */
function fieldErrorsOf(error: unknown): Record<string, string[]> | undefined {
  const candidates = [
    error,
    (error as { body?: unknown } | null)?.body,
    (error as { response?: { data?: unknown } } | null)?.response?.data,
  ];
  for (const candidate of candidates) {
    const errors = (candidate as { errors?: unknown } | null | undefined)?.errors;
    if (!errors || typeof errors !== 'object' || Array.isArray(errors)) continue;
    const out: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(errors)) {
      const list = (Array.isArray(messages) ? messages : [messages]).filter((m) => m != null).map(String);
      if (list.length) out[field] = list;
    }
    if (Object.keys(out).length) return out;
  }
  return undefined;
}

/**
 * The media file inside an answer `{ data: MediaFile }`.
 * @throws {MediaAnswerError} when the answer has no usable file.
 */
export function mediaFileOf(body: unknown, where: string): MediaFile {
  const data = (body as { data?: unknown } | null)?.data;
  const file = data as Partial<MediaFile> | null | undefined;
  if (!file || typeof file !== 'object' || typeof file.id !== 'number' || typeof file.src !== 'string') {
    throw new MediaAnswerError(`${where}: expected an answer { data: { id, src, ... } }, got ${body === null ? 'null' : typeof body}`);
  }
  return { custom_properties: {}, document_url: null, ...file } as MediaFile;
}

/** How a `MediaStore` is built. */
export interface MediaStoreOptions {
  /** Sends media requests (the app adapts its API client to it). */
  transport: MediaTransport;
  /** Receives failures that are not the user's (a file that will not load, a broken answer). */
  report?: (error: unknown) => void;
  /** Size limits in bytes per kind, from the network's settings; a bigger file is refused before it is sent. */
  maxSize?: Partial<Record<MediaKind, number>>;
  /**
   * Size limits in bytes per MIME type (`image/jpeg`…), read each time a file is checked or a hint is shown, so limits
   * that arrive later (GET settings) apply; a type's limit wins over its kind's `maxSize`.
   */
  typeLimits?: () => Partial<Record<string, number>>;
}

/** The limit of one accepted type of a kind, for the hint a media field shows before anything is picked. */
export interface MediaTypeLimit {
  /** The MIME type, e.g. `image/png`. */
  type: string;
  bytes: number;
}

interface LoadState {
  status: MediaStatus;
  error: unknown;
}

/**
 * Uploaded files by id for every media field of the app: one cache, one request per id however many widgets
 * show it, uploads that land in the cache. Build one per app and give it to forms as `formContext.media`.
 * @example
 * const media = new MediaStore({ transport: (req) => api.request({ ...req, silent: true }).then((r) => r.data) });
 * const file = await media.upload(picked, 'image', { onProgress: (f) => console.log(f) });
 */
export class MediaStore {
  /** Uploads on their way; a form should not be sent while this is above 0. */
  activeUploads = 0;
  private readonly files = new Map<number, MediaFile>();
  private readonly states = new Map<number, LoadState>();
  private readonly pending = new Map<number, Promise<MediaFile | undefined>>();
  private readonly transport: MediaTransport;
  private readonly report: (error: unknown) => void;
  private readonly maxSize: Partial<Record<MediaKind, number>>;
  private readonly typeLimits: () => Partial<Record<string, number>>;

  constructor(options: MediaStoreOptions) {
    this.transport = options.transport;
    this.report = options.report ?? ((error) => console.warn('Media request failed', error));
    this.maxSize = options.maxSize ?? {};
    this.typeLimits = options.typeLimits ?? (() => ({}));
    makeAutoObservable<MediaStore, 'files' | 'states' | 'pending' | 'transport' | 'report' | 'maxSize' | 'typeLimits'>(this, {
      files: observableShallow,
      states: observableShallow,
      pending: false,
      transport: false,
      report: false,
      maxSize: false,
      typeLimits: false,
      get: false,
      status: false,
      error: false,
      check: false,
      sizeLimit: false,
      load: false,
      upload: false,
    });
  }

  /** The cached file of an id, or undefined when it was not loaded (yet). */
  get(id: number): MediaFile | undefined {
    return this.files.get(id);
  }

  /** Whether the file of an id is loading, loaded or failed to load. */
  status(id: number): MediaStatus {
    if (this.files.has(id)) return 'ready';
    return this.states.get(id)?.status ?? 'idle';
  }

  /** Why the file of an id failed to load, or null. */
  error(id: number): unknown {
    return this.states.get(id)?.error ?? null;
  }

  /** Puts files known from elsewhere (an ad answer that embeds its media) into the cache. */
  put(...files: MediaFile[]): void {
    for (const file of files) {
      this.files.set(file.id, file);
      this.states.delete(file.id);
    }
  }

  /** The size limit of a kind in bytes, when the network set one. */
  sizeLimit(kind: MediaKind): number | undefined {
    return this.maxSize[kind];
  }

  /** The limit of each type a kind accepts, in the kind's order; types without a limit are left out. */
  limitsOf(kind: UploadKind): MediaTypeLimit[] {
    const byType = this.typeLimits();
    return MEDIA_TYPES[kind].flatMap((type) => {
      const bytes = byType[type] ?? this.maxSize[kind];
      return bytes === undefined ? [] : [{ type, bytes }];
    });
  }

  /** What is wrong with a file for a kind before it is sent (type, then size), or null. */
  check(file: Blob & { name?: string }, kind: UploadKind): MediaFileProblem | null {
    if (!isAcceptedFile(file, kind)) return { problem: 'type' };
    // A zip the browser named otherwise is checked as application/zip.
    const type = (MEDIA_TYPES[kind] as readonly string[]).includes(file.type.toLowerCase()) ? file.type.toLowerCase() : MEDIA_TYPES[kind][0];
    const limit = this.typeLimits()[type] ?? this.maxSize[kind];
    if (limit !== undefined && file.size > limit) return { problem: 'size', limit };
    return null;
  }

  /**
   * Loads the file of an id (`GET media/{id}`) unless it is cached; calls for an id already on its way share
   * that request. Resolves with the file, or undefined after a failure (then `status(id)` is `error`); a later
   * call tries again.
   */
  load(id: number): Promise<MediaFile | undefined> {
    const cached = this.files.get(id);
    if (cached) return Promise.resolve(cached);
    const pending = this.pending.get(id);
    if (pending) return pending;
    runInAction(() => this.states.set(id, { status: 'loading', error: null }));
    const request = (async () => {
      try {
        const file = mediaFileOf(await this.transport({ method: 'GET', url: `media/${id}` }), `GET media/${id}`);
        runInAction(() => this.put(file.id === id ? file : { ...file, id }));
        return this.files.get(id);
      } catch (error) {
        runInAction(() => this.states.set(id, { status: 'error', error }));
        this.report(error);
        return undefined;
      } finally {
        this.pending.delete(id);
      }
    })();
    this.pending.set(id, request);
    return request;
  }

  /**
   * Uploads a file (`POST media`, multipart `file` + `kind`) and caches what the server made of it.
   * @throws {MediaUploadError} when the server refused the file; its message is the server's.
   * @throws the transport's error when the upload was aborted (`options.signal`) or failed otherwise.
   */
  async upload(file: Blob, kind: MediaKind, options: MediaUploadOptions = {}): Promise<MediaFile> {
    const data = new FormData();
    data.append('file', file, (file as Partial<File>).name || 'upload');
    data.append('kind', kind);
    runInAction(() => (this.activeUploads += 1));
    try {
      let saved: MediaFile;
      try {
        const body = await this.transport({ method: 'POST', url: 'media', data, signal: options.signal, onUploadProgress: options.onProgress });
        saved = mediaFileOf(body, 'POST media');
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const errors = fieldErrorsOf(error);
        if (errors) throw new MediaUploadError(errors.file?.[0] ?? Object.values(errors)[0][0], errors, error);
        this.report(error);
        throw error;
      }
      runInAction(() => this.put(saved));
      return saved;
    } finally {
      runInAction(() => (this.activeUploads -= 1));
    }
  }
}
