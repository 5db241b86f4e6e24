import { makeAutoObservable } from 'mobx';
import { createRegistry, type Registry } from '../registry/createRegistry';

/** Where an external entry links: a fixed URL, or the network config key that holds one. */
export type ExternalLink = { href: string } | { hrefFrom: string };

/** One menu entry as data (`schemas/menus/<id>.json`, validated by `schemas/meta/menu.schema.json`). */
export interface MenuEntryDef {
  /** Stable id; translations of the title are keyed by it. */
  id: string;
  /** English title. */
  title: string;
  /** Path inside the panel (internal entries). */
  route?: string;
  /** The allowed-section id the entry belongs to; without one it always shows. */
  section?: string;
  /** Icon name, mapped to a component by the look. */
  icon?: string;
  /** Id of the badge source whose value the entry shows. */
  badge?: string;
  /** A link out of the panel (external entries). */
  external?: ExternalLink;
  /** The message id of the title, for entries made from other data (a resource's); menus' own are keyed by menu and id. */
  titleId?: string;
}

/** A menu as data. */
export interface MenuDef {
  id: string;
  title: string;
  entries: MenuEntryDef[];
}

/** A menu entry ready to render. */
export interface MenuItem {
  id: string;
  title: string;
  icon?: string;
  /** Internal path, for router links. */
  route?: string;
  /** External URL (http/https only), opened in a new tab. */
  href?: string;
  /** The badge value, present only when it is a positive number or a non-empty text. */
  badge?: number | string;
  /** See `MenuEntryDef.titleId`. */
  titleId?: string;
}

/** A badge source: reads an observable value (such as the unread notification count). */
export type BadgeGetter = () => number | string | null | undefined;

/** How a `MenuModel` is built; everything it reads is injected as (observable) getters. */
export interface MenuModelOptions {
  menu: MenuDef;
  /** The sections the network allows (its guard sections); null or undefined while unknown hides sectioned entries. */
  allowedSections: () => Iterable<string> | null | undefined;
  /** Badge sources by id. */
  badges?: Record<string, BadgeGetter>;
  /** Reads a network config value by key (dots walk into objects), for config-driven links. */
  config?: (key: string) => unknown;
}

/** Thrown when a menu's data breaks a rule its JSON Schema cannot express. */
export class MenuError extends Error {
  override name = 'MenuError';
}

/** Whether a string is an absolute http(s) URL (config strings are untrusted: no javascript: or data: links). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A navigation menu over data: entries filtered by the network's allowed sections, badge values read from
 * injected observable getters, and config-driven external links resolved (shown only when configured).
 * `items` is a MobX computed, so an observer re-renders when sections, badges or config change.
 * @throws {MenuError} when entry ids repeat; {RegistryError} when an entry names an unknown badge source.
 * @example
 * const menu = new MenuModel({ menu: general, allowedSections: () => network.sections, badges: { unreadNotifications: () => notifications.unread } });
 * menu.items; // [{ id: 'dashboard', title: 'Dashboard', route: '/dashboard', icon: 'dashboard' }, ...]
 */
export class MenuModel {
  readonly menu: MenuDef;
  private readonly badges: Registry<BadgeGetter>;

  constructor(private readonly options: MenuModelOptions) {
    this.menu = options.menu;
    this.badges = createRegistry('badge source', options.badges ?? {});
    const seen = new Set<string>();
    for (const entry of this.menu.entries) {
      if (seen.has(entry.id)) throw new MenuError(`Menu "${this.menu.id}": entry "${entry.id}" is declared twice`);
      seen.add(entry.id);
      if (entry.badge) this.badges.get(entry.badge);
    }
    makeAutoObservable<MenuModel, 'options' | 'badges'>(this, { menu: false, options: false, badges: false });
  }

  /** The sections allowed right now, as a set. */
  get allowed(): ReadonlySet<string> {
    return new Set(this.options.allowedSections() ?? []);
  }

  /** The entries to show, in order, with badges and links resolved. */
  get items(): MenuItem[] {
    const items: MenuItem[] = [];
    for (const entry of this.menu.entries) {
      if (entry.section && !this.allowed.has(entry.section)) continue;
      const item: MenuItem = { id: entry.id, title: entry.title };
      if (entry.icon) item.icon = entry.icon;
      if (entry.titleId) item.titleId = entry.titleId;
      if (entry.route) item.route = entry.route;
      if (entry.external) {
        const href = 'href' in entry.external ? entry.external.href : this.options.config?.(entry.external.hrefFrom);
        if (!isHttpUrl(href)) continue;
        item.href = href;
      }
      if (entry.badge) {
        const value = this.badges.get(entry.badge)();
        if ((typeof value === 'number' && value > 0) || (typeof value === 'string' && value !== '')) item.badge = value;
      }
      items.push(item);
    }
    return items;
  }

  /** Whether the menu has anything to show (a layout hides an empty menu's heading). */
  get isEmpty(): boolean {
    return this.items.length === 0;
  }
}

/**
 * Reads a value from a config object by a dotted key, for `MenuModelOptions.config`.
 * @example
 * configValue({ settings: { blogUrl: 'https://blog.acme.com' } }, 'settings.blogUrl'); // 'https://blog.acme.com'
 */
export function configValue(config: unknown, key: string): unknown {
  let value: unknown = config;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
