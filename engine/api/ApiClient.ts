import axios, { AxiosError, AxiosHeaders, type AxiosInstance, type AxiosRequestConfig, type CreateAxiosDefaults } from 'axios';
import { apiOrigin, type PageLocation } from './apiOrigin';
import { ApiError, GENERIC_ERROR_MESSAGE, ValidationError, errorAnswerMessage, fieldErrorsOf, isCancel } from './errors';

/** Where the client gets the bearer token, and how it drops it when the server answers 401. */
export interface TokenProvider {
  /** The current token, or null when signed out. */
  getToken(): string | null;
  /** Forgets the token (the server said it is no longer valid). */
  clearToken(): void;
}

/** How an `ApiClient` is built; every side effect is injected. */
export interface ApiClientOptions {
  /** Bearer token source; without one no Authorization header is sent. */
  tokens?: TokenProvider;
  /** The page location the API origin is derived from (defaults to `window.location`). */
  location?: PageLocation;
  /** An explicit API origin such as `https://core.acme.com`, overriding the derived one. */
  origin?: string | null;
  /** The path prefix of every call. */
  basePath?: string;
  /** Called after a 401 cleared the token; the app sends the user to login. */
  onUnauthorized?: () => void;
  /** Shows an error toast. */
  notify?: (message: string) => void;
  /** Reports an unexpected error (logging, error tracker). */
  report?: (error: unknown) => void;
  /**
   * The words, in the interface language, for a failure whose answer says nothing usable (a proxy's HTML page) or
   * that got no answer (offline, `API_TIMEOUT_MS` passed); without it, `GENERIC_ERROR_MESSAGE` in English.
   */
  failureText?: (reason: FailureReason) => string | undefined;
  /** The interface language (a BCP 47 tag) sent as `Accept-Language`, so the server's messages match the page. */
  language?: () => string | null | undefined;
  /** Extra axios defaults (timeout, adapter for tests). */
  axios?: CreateAxiosDefaults;
}

/** Why a call failed without a message of its own: an answer with nothing usable in it, or no answer at all (offline, a timeout). */
export type FailureReason = 'generic' | 'noAnswer';

/** How long a call may wait for its answer before it fails; uploads (a FormData body) have no fixed limit. */
export const API_TIMEOUT_MS = 120_000;

/** Per-call options. */
export interface RequestOptions {
  params?: object;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No toast and no report: the caller handles every failure itself. */
  silent?: boolean;
}

/** One call, for `request`. */
export interface RequestConfig extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  data?: unknown;
  /** `blob`: the answer is a file (a PDF), resolved as a Blob; an error answer is still read as JSON for its message. */
  responseType?: 'json' | 'blob';
}

/** A whole answer: body, status and lower-cased headers. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

/** The lookup store's transport: one silent call that resolves with the answer body. */
export type LookupTransport = (req: {
  method: 'GET' | 'POST';
  url: string;
  params?: object;
  data?: object;
  signal: AbortSignal;
}) => Promise<unknown>;

/**
 * A file call's error answer arrives as a Blob: it is read back as JSON (when it is), so that its message and field
 * errors reach the user like any other call's.
 */
async function readBlobError(error: unknown): Promise<void> {
  const response = error instanceof AxiosError ? error.response : undefined;
  if (!response || typeof Blob === 'undefined' || !(response.data instanceof Blob)) return;
  try {
    response.data = JSON.parse(await response.data.text()) as unknown;
  } catch {
    response.data = undefined;
  }
}

/** The path prefix of the private API. */
export const API_BASE_PATH = '/api/private/v1';

const flatHeaders = (headers: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  const plain = headers instanceof AxiosHeaders ? headers.toJSON() : ((headers ?? {}) as Record<string, unknown>);
  for (const [key, value] of Object.entries(plain)) {
    if (value != null) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
};

/**
 * The HTTP client of the private API: bearer token, 401 → sign-out, field errors → `ValidationError`,
 * other failures → toast + report, cancelled calls ignored.
 * Every method rejects on failure (with `ValidationError`, `ApiError`, or the cancel error — see `isCancel`).
 * @example
 * const api = new ApiClient({ tokens: session, onUnauthorized: () => navigate('/login'), notify: toast });
 * const { data } = await api.get<{ data: Profile }>('profile');
 */
export class ApiClient {
  /** The absolute base URL every relative path is resolved against. */
  readonly baseURL: string;
  private readonly http: AxiosInstance;

  constructor(private readonly options: ApiClientOptions = {}) {
    const location = options.location ?? globalThis.location;
    const origin = location ? apiOrigin(location, options.origin) : (options.origin ?? '').replace(/\/+$/, '');
    this.baseURL = `${origin}${options.basePath ?? API_BASE_PATH}/`;
    this.http = axios.create({ timeout: API_TIMEOUT_MS, ...options.axios, baseURL: this.baseURL });
  }

  /**
   * Sends one call and resolves with the body, status and headers (login and refresh read `authorization`).
   * @throws {ValidationError} when the answer carries an `errors` map.
   * @throws {ApiError} on any other failure, after the toast (unless `silent`).
   */
  async request<T = unknown>(config: RequestConfig): Promise<ApiResponse<T>> {
    const token = this.options.tokens?.getToken();
    const language = this.options.language?.();
    const headers: Record<string, string> = { Accept: 'application/json', ...(language ? { 'Accept-Language': language } : {}), ...config.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    const axiosConfig: AxiosRequestConfig = {
      method: config.method,
      url: config.url.replace(/^\/+/, ''),
      params: config.params,
      data: config.data,
      signal: config.signal,
      headers,
      // An upload takes as long as its file and the line need (a 30 MB video on a slow uplink): it shows its
      // progress and the user may cancel it, so no fixed timeout applies to it.
      ...(typeof FormData !== 'undefined' && config.data instanceof FormData ? { timeout: 0 } : {}),
      ...(config.responseType === 'blob' ? { responseType: 'blob' as const } : {}),
    };
    try {
      const response = await this.http.request<T>(axiosConfig);
      return { data: response.data, status: response.status, headers: flatHeaders(response.headers) };
    } catch (error) {
      // A refresh replaced the token while this call was on its way (the server revokes the old one at once):
      // the 401 is about the old token, so the call is sent again with the new one instead of signing out.
      const current = this.options.tokens?.getToken();
      if (token && current && current !== token && error instanceof AxiosError && error.response?.status === 401) {
        return this.request<T>(config);
      }
      if (config.responseType === 'blob') await readBlobError(error);
      throw this.fail(error, config.silent ?? false, token ?? null);
    }
  }

  /** GET, resolving with the answer body. @throws {ValidationError | ApiError} see `request`. */
  async get<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>({ ...options, method: 'GET', url })).data;
  }

  /** POST, resolving with the answer body. @throws {ValidationError | ApiError} see `request`. */
  async post<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>({ ...options, method: 'POST', url, data })).data;
  }

  /** PUT, resolving with the answer body. @throws {ValidationError | ApiError} see `request`. */
  async put<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>({ ...options, method: 'PUT', url, data })).data;
  }

  /** PATCH, resolving with the answer body. @throws {ValidationError | ApiError} see `request`. */
  async patch<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>({ ...options, method: 'PATCH', url, data })).data;
  }

  /** DELETE, resolving with the answer body. @throws {ValidationError | ApiError} see `request`. */
  async delete<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>({ ...options, method: 'DELETE', url })).data;
  }

  /** The lookup store's transport: silent (no toast), every failure rethrown to the caller. */
  readonly transport: LookupTransport = async (req) =>
    (await this.request({ ...req, silent: true })).data;

  /**
   * Turns a transport failure into what the caller receives, with the side effects the catalogue asks for.
   * A 401 ends the session only when a token was sent; without one (a guest signing in) it is an ordinary
   * failure, so the login form still gets its message. Of several calls refused together (a page loading ten
   * things when the session ended), only the first ends it: the others find the token already gone, so the
   * user is sent to login once and the path they wanted is kept.
   */
  private fail(error: unknown, silent: boolean, sentToken: string | null): unknown {
    if (isCancel(error)) return error;
    const response = error instanceof AxiosError ? error.response : undefined;
    const status = response?.status;
    const body: unknown = response?.data;
    const fallback = this.options.failureText?.(error instanceof AxiosError && !response ? 'noAnswer' : 'generic') ?? GENERIC_ERROR_MESSAGE;
    if (status === 401 && sentToken) {
      if (this.options.tokens?.getToken() === sentToken) {
        this.options.tokens.clearToken();
        this.options.onUnauthorized?.();
      }
      return new ApiError(errorAnswerMessage(body, fallback), status, body, error);
    }
    const fieldErrors = fieldErrorsOf(body);
    if (fieldErrors) return new ValidationError(fieldErrors, status, body);
    const message = errorAnswerMessage(body, fallback);
    if (!silent) {
      this.options.notify?.(message);
      this.options.report?.(error);
    }
    return new ApiError(message, status, body, error);
  }
}
