export { ApiClient, API_BASE_PATH, API_TIMEOUT_MS } from './ApiClient';
export type { ApiClientOptions, ApiResponse, FailureReason, LookupTransport, RequestConfig, RequestOptions, TokenProvider } from './ApiClient';
export { apiOrigin, type PageLocation } from './apiOrigin';
export { bearerToken } from './bearer';
export { fileNameOf } from './fileName';
export {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  VALIDATION_MESSAGE,
  ValidationError,
  errorAnswerMessage,
  fieldErrorsOf,
  isCancel,
} from './errors';
