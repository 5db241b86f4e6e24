import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { autorun, observable, runInAction } from 'mobx';
import meta from '../../schemas/meta/menu.schema.json';
import general from '../../schemas/menus/general.json';
import help from '../../schemas/menus/help.json';
import networkMeta from '../../schemas/meta/network-config.schema.json';
import { RegistryError } from '../registry/createRegistry';
import { MenuError, MenuModel, configValue, isHttpUrl, type MenuDef } from './MenuModel';

const validate = new Ajv({ allErrors: true }).compile(meta);
const ALL = ['Dashboard', 'Statistics', 'Ads', 'Campaigns', 'Providers', 'Marketplace', 'TrafficChart', 'Tracking', 'Finances', 'AddFunds', 'Notifications', 'Api', 'Referral', 'Rtb', 'RtbStatistics', 'SspStatistics'];

describe('menu data files', () => {
  it.each([
    ['general', general],
    ['help', help],
  ])('%s matches schemas/meta/menu.schema.json', (_id, data) => {
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });

  it('the meta schema rejects an entry with both a route and an external link, or neither', () => {
    const menu = (entry: object) => ({ id: 'x', title: 'X', entries: [{ id: 'a', title: 'A', ...entry }] });
    expect(validate(menu({ route: '/a', external: { href: 'https://a.com' } }))).toBe(false);
    expect(validate(menu({}))).toBe(false);
    expect(validate(menu({ external: { href: 'javascript:alert(1)' } }))).toBe(false);
    expect(validate(menu({ route: '/a', section: 'lowercase' }))).toBe(false);
  });

  it('every section a menu names is one a network config can allow', () => {
    const known = new Set<string>(networkMeta.properties.guardSections.items.enum);
    const used = [general, help].flatMap((m) => (m.entries as { section?: string }[]).flatMap((e) => (e.section ? [e.section] : [])));
    expect(used.filter((s) => !known.has(s))).toEqual([]);
  });

  it('the general menu lists the spec entries in order', () => {
    const model = new MenuModel({ menu: general as MenuDef, allowedSections: () => ALL, badges: { unreadNotifications: () => 3 } });
    expect(model.items.map((i) => i.id)).toEqual([
      'create-campaign', 'notifications', 'dashboard', 'statistics', 'ads', 'campaigns',
      'providers', 'marketplace', 'traffic-chart', 'tracking', 'finances', 'add-funds',
    ]);
    expect(model.items[1]).toEqual({ id: 'notifications', title: 'Notifications', icon: 'notifications', route: '/notification', badge: 3 });
  });

  it('the help menu lists the spec entries, the blog only when configured', () => {
    const without = new MenuModel({ menu: help as MenuDef, allowedSections: () => ALL, config: () => undefined });
    // The referral program's entry comes back with its page (issue 23): until then it would open the bare profile.
    expect(without.items.map((i) => i.id)).toEqual(['api', 'rtb', 'rtb-statistics', 'ssp-statistics']);
    const network = { guardSections: ALL, settings: { blogUrl: 'https://blog.acme.com' } };
    const withBlog = new MenuModel({ menu: help as MenuDef, allowedSections: () => network.guardSections, config: (k) => configValue(network, k) });
    expect(withBlog.items.at(-1)).toEqual({ id: 'blog', title: 'Blog', icon: 'book', href: 'https://blog.acme.com' });
  });
});

describe('MenuModel', () => {
  const menu: MenuDef = {
    id: 'test',
    title: 'Test',
    entries: [
      { id: 'home', title: 'Home', route: '/home' },
      { id: 'stats', title: 'Stats', route: '/stats', section: 'Statistics' },
      { id: 'inbox', title: 'Inbox', route: '/inbox', section: 'Notifications', badge: 'unread' },
      { id: 'docs', title: 'Docs', external: { hrefFrom: 'links.docs' } },
      { id: 'site', title: 'Site', external: { href: 'https://acme.com' } },
    ],
  };

  it('shows only entries whose section is allowed; entries without one always show', () => {
    const model = new MenuModel({ menu, allowedSections: () => ['Statistics'], badges: { unread: () => 0 } });
    expect(model.items.map((i) => i.id)).toEqual(['home', 'stats', 'site']);
    const unknown = new MenuModel({ menu, allowedSections: () => null, badges: { unread: () => 0 } });
    expect(unknown.items.map((i) => i.id)).toEqual(['home', 'site']);
  });

  it('follows observable sections, badges and config', () => {
    const state = observable({ sections: [] as string[], unread: 0, config: {} as Record<string, unknown> });
    const model = new MenuModel({
      menu,
      allowedSections: () => state.sections,
      badges: { unread: () => state.unread },
      config: (key) => configValue(state.config, key),
    });
    const seen: string[] = [];
    const stop = autorun(() => seen.push(model.items.map((i) => i.id + (i.badge ? `(${i.badge})` : '')).join(',')));
    runInAction(() => state.sections.push('Notifications'));
    runInAction(() => (state.unread = 4));
    runInAction(() => (state.config = { links: { docs: 'https://docs.acme.com' } }));
    runInAction(() => (state.unread = 0));
    stop();
    expect(seen).toEqual([
      'home,site',
      'home,inbox,site',
      'home,inbox(4),site',
      'home,inbox(4),docs,site',
      'home,inbox,docs,site',
    ]);
  });

  it('drops config links that are not http(s)', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 42, '']) {
      const model = new MenuModel({ menu, allowedSections: () => [], badges: { unread: () => 0 }, config: () => bad });
      expect(model.items.map((i) => i.id)).not.toContain('docs');
    }
  });

  it('fails early on an unknown badge source, naming the known ones', () => {
    expect(() => new MenuModel({ menu, allowedSections: () => [], badges: { unreadNotifications: () => 1 } })).toThrow(
      new RegistryError('Unknown badge source "unread". Registered: unreadNotifications'),
    );
  });

  it('fails early on a repeated entry id', () => {
    const twice: MenuDef = { ...menu, entries: [menu.entries[0], menu.entries[0]] };
    expect(() => new MenuModel({ menu: twice, allowedSections: () => [] })).toThrow(MenuError);
  });

  it('is empty when nothing is allowed', () => {
    const model = new MenuModel({ menu: { ...menu, entries: [menu.entries[1]] }, allowedSections: () => [] });
    expect(model.isEmpty).toBe(true);
  });
});

describe('helpers', () => {
  it('isHttpUrl accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://a.com/x')).toBe(true);
    expect(isHttpUrl('http://a.com')).toBe(true);
    expect(isHttpUrl('ftp://a.com')).toBe(false);
    expect(isHttpUrl('a.com')).toBe(false);
  });

  it('configValue walks dotted keys over own properties only', () => {
    expect(configValue({ a: { b: 'c' } }, 'a.b')).toBe('c');
    expect(configValue({ a: null }, 'a.b')).toBeUndefined();
    expect(configValue({}, 'toString')).toBeUndefined();
  });
});
