import type { ComponentType } from 'react';
import {
  Add,
  BankAccount,
  Book,
  Code,
  CreditCard,
  Dashboard,
  Exchange,
  Feed,
  GlobeNetwork,
  Locate,
  Media,
  Notifications,
  People,
  Projects,
  SeriesSearch,
  Shop,
  TimelineAreaChart,
  TimelineBarChart,
  TimelineLineChart,
} from '@blueprintjs/icons';
import { createRegistry } from '../../engine/registry/createRegistry';

/** The props the sidebar passes an icon. */
export interface MenuIconProps {
  size?: number;
  'aria-hidden'?: boolean;
}

/**
 * Menu `icon` names (schemas/menus/*.json, Blueprint's kebab-case names) → icon components, imported one by
 * one so only these icons' path data reaches the bundle. A miss throws and lists the known names.
 */
export const menuIcons = createRegistry<ComponentType<MenuIconProps>>('menu icon', {
  add: Add,
  'bank-account': BankAccount,
  book: Book,
  code: Code,
  'credit-card': CreditCard,
  dashboard: Dashboard,
  feed: Feed,
  exchange: Exchange,
  'globe-network': GlobeNetwork,
  locate: Locate,
  media: Media,
  notifications: Notifications,
  people: People,
  projects: Projects,
  'series-search': SeriesSearch,
  shop: Shop,
  'timeline-area-chart': TimelineAreaChart,
  'timeline-bar-chart': TimelineBarChart,
  'timeline-line-chart': TimelineLineChart,
});
