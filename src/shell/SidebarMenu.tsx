import { observer } from 'mobx-react-lite';
import { NavLink } from 'react-router';
import { useIntl } from 'react-intl';
import { Tag } from '@blueprintjs/core';
import type { MenuModel } from '../../engine/menu';
import { menuIcons } from './menuIcons';
import { textOr } from '../i18n/textOr';
import styles from './Sidebar.module.css';

/** One menu of the sidebar: its entries as links, titles translated by entry id, the badge beside the title. */
export const SidebarMenu = observer(function SidebarMenu({ model, mini, heading }: { model: MenuModel; mini: boolean; heading?: boolean }) {
  const intl = useIntl();
  if (model.isEmpty) return null;
  const menuTitle = intl.formatMessage({ id: `shell.menu.${model.menu.id}`, defaultMessage: model.menu.title });
  return (
    <nav aria-label={menuTitle} className={styles.menu}>
      {heading && !mini && <div className={styles.heading}>{menuTitle}</div>}
      {heading && mini && <div className={styles.miniDivider} aria-hidden />}
      <ul className={styles.list} data-menu={model.menu.id}>
        {model.items.map((item) => {
          const Icon = item.icon ? menuIcons.get(item.icon) : null;
          const title = item.titleId ? textOr(intl, item.titleId, item.title) : intl.formatMessage({ id: `shell.menu.${model.menu.id}.${item.id}`, defaultMessage: item.title });
          const badge =
            item.badge !== undefined ? (
              <Tag round intent="danger" className={styles.badge} aria-label={intl.formatMessage({ id: 'shell.unreadCount' }, { count: item.badge })}>
                {typeof item.badge === 'number' && item.badge > 99 ? '99+' : item.badge}
              </Tag>
            ) : null;
          const content = (
            <>
              <span className={styles.icon}>{Icon && <Icon size={18} aria-hidden />}</span>
              <span className={mini ? styles.srOnly : styles.title}>{title}</span>
              {badge}
            </>
          );
          return (
            <li key={item.id} data-entry={item.id}>
              {item.route ? (
                <NavLink
                  to={item.route}
                  // Exact match where another entry lives below this one (campaigns vs. create campaign).
                  end={model.items.some((other) => other.route?.startsWith(`${item.route}/`))}
                  className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                  title={mini ? title : undefined}
                >
                  {content}
                </NavLink>
              ) : (
                <a href={item.href} target="_blank" rel="noopener noreferrer" className={styles.link} title={mini ? title : undefined}>
                  {content}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
