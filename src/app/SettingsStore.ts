import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../engine/api';
import { loadInto } from '../../engine/state/loadInto';
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
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: unknown = null;

  constructor(
    private readonly api: Pick<ApiClient, 'get'>,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<SettingsStore, 'api' | 'now'>(this, { api: false, now: false });
  }

  /** Loads the settings unless loaded or loading; failures are silent (the catalogue says so) and retried on the next call. */
  async load(): Promise<void> {
    if (this.status === 'ready' || this.status === 'loading') return;
    const sent = this.now();
    await loadInto(
      this,
      async () => ({ ...(await this.api.get<{ data: GlobalSettings }>('settings', { silent: true })), received: this.now() }),
      ({ data, received }) => {
        this.data = data;
        this.offsetMs = serverOffset(data?.server_time, sent, received);
      },
    );
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
