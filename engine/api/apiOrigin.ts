/** The parts of a page location the API origin is derived from. */
export type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'port'>;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The origin the API lives on: the page host with its first label replaced by `core` when the host has
 * three or more labels and is neither an IP address nor under `localhost`; otherwise the page's own origin.
 * An explicit `override` (for example from the build environment) wins.
 * @example
 * apiOrigin({ protocol: 'https:', hostname: 'panel.acme.com', port: '' }); // 'https://core.acme.com'
 * apiOrigin({ protocol: 'http:', hostname: 'acme.localhost', port: '5173' }); // 'http://acme.localhost:5173'
 */
export function apiOrigin(location: PageLocation, override?: string | null): string {
  if (override) return override.replace(/\/+$/, '');
  const { protocol, hostname, port } = location;
  const suffix = port ? `:${port}` : '';
  const labels = hostname.split('.');
  const isIp = IPV4.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
  const isLocal = labels[labels.length - 1] === 'localhost';
  const host = labels.length >= 3 && !isIp && !isLocal ? ['core', ...labels.slice(1)].join('.') : hostname;
  return `${protocol}//${host}${suffix}`;
}
