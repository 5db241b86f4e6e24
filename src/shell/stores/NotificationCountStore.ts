import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { loadInto } from '../../../engine/state/loadInto';

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
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: unknown = null;

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<NotificationCountStore, 'api'>(this, { api: false });
  }

  /** Loads the count (the list call's `unread_notifications`); a failure keeps the last count, silently. */
  async load(): Promise<void> {
    if (this.status === 'loading') return;
    await loadInto(this, () => this.api.get<NotificationsAnswer>('notifications', { silent: true }), (answer) => this.applyAnswer(answer));
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
    this.unread = 0;
    this.status = 'idle';
    this.error = null;
  }
}
