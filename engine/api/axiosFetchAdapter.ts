/**
 * Stands in for axios's fetch adapter in the panel's build (vite.config.ts redirects axios's import of it here).
 * Axios takes the first adapter a platform has, and every browser has XHR, the first; the fetch adapter and the
 * stream helpers only it uses were 3 KiB (gzip) of the sign-in page that never ran. Asking for it by name fails as
 * on a platform without fetch: "adapter fetch is not supported by the environment".
 */
export const getFetch = (): false => false;

export default false;
