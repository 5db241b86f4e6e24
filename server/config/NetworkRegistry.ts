import type { NetworkConfig } from './networkConfig';

/** A request host without port, lowercased; IPv6 literals keep their brackets. */
export function hostnameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The API host of a page host: its first label replaced by `core` when it has 3+ labels, else null (same origin). */
export function coreHostOf(pageHost: string): string | null {
  const labels = pageHost.split('.');
  if (labels.length < 3 || labels[0] === 'core') return null;
  return ['core', ...labels.slice(1)].join('.');
}

/** Names that reach this machine only: they show the default network, like a listed host. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which network a request belongs to, from its Host header: a page host listed in a config, or the `core.` API host
 * derived from one; any other host gets the default network (the one flagged `default`, else the first).
 */
export class NetworkRegistry {
  private readonly byHost = new Map<string, NetworkConfig>();
  private readonly byCoreHost = new Map<string, NetworkConfig>();
  private readonly byId = new Map<string, NetworkConfig>();
  readonly defaultNetwork: NetworkConfig;

  /** @param listenPort the port the server listens on: the default public URL of a `*.localhost` network carries it. */
  constructor(
    readonly configs: readonly NetworkConfig[],
    private readonly listenPort = 8080,
  ) {
    if (!configs.length) throw new Error('NetworkRegistry needs at least one network config');
    for (const config of configs) {
      this.byId.set(config.id, config);
      for (const host of config.hosts) {
        this.byHost.set(host, config);
        const core = coreHostOf(host);
        if (core && !this.byCoreHost.has(core)) this.byCoreHost.set(core, config);
      }
    }
    this.defaultNetwork = configs.find((c) => c.default) ?? configs[0];
  }

  /** The network serving this Host header (unknown hosts get the default network). */
  resolve(hostHeader: string | undefined): NetworkConfig {
    const host = hostnameOf(hostHeader);
    return this.byHost.get(host) ?? this.byCoreHost.get(host) ?? this.defaultNetwork;
  }

  /**
   * Whether a Host header names a network (a listed page host, its core host, or a loopback name). Calls that send
   * mail refuse other hosts rather than act for the default network under a name nobody configured.
   */
  isKnownHost(hostHeader: string | undefined): boolean {
    const host = hostnameOf(hostHeader);
    return this.byHost.has(host) || this.byCoreHost.has(host) || LOOPBACK_HOSTS.has(host);
  }

  /**
   * The origin every link in the network's mails starts with: its `publicUrl`, else its first host (https, or http
   * with the listen port for a `*.localhost` demo host). Never taken from a request.
   */
  publicOrigin(config: NetworkConfig): string {
    if (config.publicUrl) return new URL(config.publicUrl).origin;
    const host = config.hosts[0];
    return host === 'localhost' || host.endsWith('.localhost') ? `http://${host}:${this.listenPort}` : `https://${host}`;
  }

  /** A network by id. @throws when the id is unknown, naming the known ids. */
  get(id: string): NetworkConfig {
    const config = this.byId.get(id);
    if (!config) throw new Error(`Unknown network "${id}". Known: ${[...this.byId.keys()].join(', ')}`);
    return config;
  }

  /** The API host of a network, for CSP connect-src: the core host of its first 3+ label host, if any. */
  coreHosts(config: NetworkConfig): string[] {
    return config.hosts.map(coreHostOf).filter((h): h is string => h !== null);
  }

  /** Whether a browser Origin belongs to one of the network's page hosts (for CORS from page host to core host). */
  allowsOrigin(config: NetworkConfig, origin: string): boolean {
    try {
      const url = new URL(origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      return config.hosts.includes(url.hostname.toLowerCase());
    } catch {
      return false;
    }
  }
}
