import type { ApiClient } from '../api/ApiClient';
import { bearerToken } from '../api/bearer';

/** The path of the token refresh call. */
export const REFRESH_PATH = 'auth/refresh';

/**
 * The session's refresh call over the api client: `GET auth/refresh`, reading the new token from the
 * `Authorization: Bearer ...` answer header. Silent: a failed refresh is reported by the store, not toasted.
 * @example
 * const session = new SessionStore({ refresh: refreshVia(api) });
 */
export function refreshVia(api: Pick<ApiClient, 'request'>): () => Promise<string | null> {
  return async () => {
    const answer = await api.request({ method: 'GET', url: REFRESH_PATH, silent: true });
    return bearerToken(answer.headers.authorization);
  };
}
