import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { Loader } from '../../../engine/state/Loader';

/** The answer of `GET notifications` as far as the count is concerned. */
export interface NotificationsAnswer {
  data?: unknown;
  recordsFiltered?: number;
  unread_notifications?: number;
}

/**
 * The unread notification count behind the sidebar badge and the top-bar bell. Loaded at start; the
 * notifications page keeps it current with `applyAnswer` after each list call and `markRead` / `clear`.
 */
export class NotificationCountStore {
  unread = 0;
  /** The list call, silent, for its `unread_notifications`; a failure keeps the last count. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<NotificationsAnswer>('notifications', { silent: true, signal }),
    apply: (answer) => this.applyAnswer(answer),
  });

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<NotificationCountStore, 'api'>(this, { api: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Loads the count unless loaded or loading (a call during the load shares it; a failed load is tried again on the next call). */
  async load(): Promise<void> {
    await this.loader.once();
  }

  /**
   * Takes the count from an answer the notifications page received: the list (`unread_notifications` beside
   * `data`) or a read / read-all answer (`data.unread_notifications`).
   */
  applyAnswer(answer: NotificationsAnswer | null | undefined) {
    const inData = (answer?.data as { unread_notifications?: unknown } | null | undefined)?.unread_notifications;
    const raw = answer?.unread_notifications ?? (Array.isArray(answer?.data) ? undefined : inData);
    if (raw === undefined || raw === null) return;
    const count = Number(raw);
    if (Number.isFinite(count)) this.unread = Math.max(0, Math.trunc(count));
  }

  /** Sets the count outright. */
  setUnread(count: number) {
    this.unread = Math.max(0, Math.trunc(count));
  }

  /** One notification was read. */
  markRead() {
    this.unread = Math.max(0, this.unread - 1);
  }

  /** All were read or removed. */
  clear() {
    this.unread = 0;
  }

  /** Forgets everything (sign-out). */
  reset() {
    this.loader.reset();
    this.unread = 0;
  }
}
