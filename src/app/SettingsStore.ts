import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../engine/api';
import { Loader } from '../../engine/state/Loader';
import type { GlobalSettings } from '../../generated/types';

/**
 * The global settings (`GET settings`), fetched once after sign-in, and the server clock they carry:
 * `offsetMs` is how far the server's clock is ahead of this browser's, so the top bar shows server time
 * even when the device clock is wrong.
 */
export class SettingsStore {
  data: GlobalSettings | null = null;
  /** Server clock minus browser clock, in ms; null until known. */
  offsetMs: number | null = null;
  /** `GET settings`, silent (the catalogue says so); the browser clock is read around the call for the offset. */
  readonly loader = new Loader({
    fetch: async (signal) => {
      const sent = this.now();
      const answer = await this.api.get<{ data: GlobalSettings }>('settings', { silent: true, signal });
      return { ...answer, sent, received: this.now() };
    },
    apply: ({ data, sent, received }) => {
      this.data = data;
      this.offsetMs = serverOffset(data?.server_time, sent, received);
    },
  });

  constructor(
    private readonly api: Pick<ApiClient, 'get'>,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<SettingsStore, 'api' | 'now'>(this, { api: false, now: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Loads the settings unless loaded or loading (a call during the load shares it); a failure is retried on the next call. */
  async load(): Promise<void> {
    await this.loader.once();
  }

  /** The server's current time in ms since the epoch, or null while its clock is unknown. */
  serverNow(browserNow: number = this.now()): number | null {
    return this.offsetMs === null ? null : browserNow + this.offsetMs;
  }
}

/**
 * The server clock's offset from the browser's, taking the server's stamp as made halfway through the call.
 * Null when the stamp is missing or not a date.
 */
export function serverOffset(serverTime: unknown, sentAt: number, receivedAt: number): number | null {
  if (typeof serverTime !== 'string') return null;
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return null;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time in UTC as the top bar shows it: `MM.DD HH:mm:ss`. */
export function formatServerTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
