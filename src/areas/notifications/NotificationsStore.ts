import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { Loader } from '../../../engine/state/Loader';
import { PAGE_SIZES } from '../../../engine/table/TableStore';
import type { NotificationItem } from '../../../generated/types';

/** One notification as `GET notifications` lists it (schemas/notifications/notification-item.answer.schema.json). */
export type { NotificationItem };

interface ListAnswer {
  data: NotificationItem[];
  recordsFiltered: number;
  unread_notifications: number;
}

/**
 * The notification list: paging, the unread count from the server, reading one (it leaves the list), reading
 * all and removing all. `onUnread` keeps the sidebar badge and the bell in step.
 */
export class NotificationsStore {
  items: NotificationItem[] = [];
  total = 0;
  unread = 0;
  page = 0;
  perPage: number = PAGE_SIZES[0];
  /** Ids with a read or remove call on its way (their buttons show a spinner). */
  busy = new Set<number | 'all'>();
  /** The current page (silent: the page shows a failure in place); a newer load cancels an older one. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<ListAnswer>('notifications', { params: { page: this.page + 1, per_page: this.perPage }, signal, silent: true }),
    apply: (answer) => {
      this.items = answer.data;
      this.total = answer.recordsFiltered;
      this.setUnread(answer.unread_notifications);
    },
  });

  constructor(
    private readonly api: ApiClient,
    private readonly onUnread: (count: number) => void = () => {},
  ) {
    makeAutoObservable<NotificationsStore, 'api' | 'onUnread'>(this, { api: false, onUnread: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  get pageCount(): number {
    return this.perPage === -1 ? 1 : Math.max(1, Math.ceil(this.total / this.perPage));
  }

  /** Loads the current page; a newer load cancels an older one. */
  async load(): Promise<void> {
    await this.loader.run();
  }

  setPage(page: number) {
    this.page = Math.min(Math.max(0, page), this.pageCount - 1);
    void this.load();
  }

  setPerPage(perPage: number) {
    this.perPage = perPage;
    this.page = 0;
    void this.load();
  }

  /** Marks one as read: it leaves the list and the unread count drops. */
  async read(id: number) {
    await this.run(id, () => this.api.post(`notifications/${id}/read`), () => {
      const item = this.items.find((n) => n.id === id);
      this.items = this.items.filter((n) => n.id !== id);
      this.total = Math.max(0, this.total - 1);
      if (item && !item.read_at) this.setUnread(this.unread - 1);
    });
  }

  /** Marks all as read: the list is cleared. */
  async readAll() {
    await this.run('all', () => this.api.post('notifications/read-all'), () => {
      this.items = [];
      this.total = 0;
      this.setUnread(0);
    });
  }

  /** Removes all notifications. */
  async removeAll() {
    await this.run('all', () => this.api.delete('notifications'), () => {
      this.items = [];
      this.total = 0;
      this.setUnread(0);
    });
  }

  private async run(key: number | 'all', call: () => Promise<unknown>, apply: () => void) {
    this.busy.add(key);
    try {
      await call(); // a failure shows the API client's toast
      runInAction(apply);
    } catch {
      // nothing changes locally; the toast said why
    } finally {
      runInAction(() => this.busy.delete(key));
    }
  }

  private setUnread(count: number) {
    this.unread = Math.max(0, count);
    this.onUnread(this.unread);
  }
}
