export {
  DEFAULT_TOKEN_KEY,
  SessionStore,
  TOKEN_REFRESH_INTERVAL_MS,
  isValidToken,
  type SessionStoreOptions,
  type TokenStorage,
} from './SessionStore';
export { REFRESH_PATH, refreshVia } from './refreshVia';
