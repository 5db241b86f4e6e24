import { useMemo } from 'react';
import { MenuModel, configValue, type MenuDef } from '../../engine/menu';
import general from '../../schemas/menus/general.json';
import help from '../../schemas/menus/help.json';
import { useStores } from '../app/context';

/** The sidebar's menus (schemas/menus), filtered by the network's sections, with the unread badge. */
export function useMenus(): { general: MenuModel; help: MenuModel } {
  const { network, notifications } = useStores();
  return useMemo(() => {
    const options = {
      allowedSections: () => network.settings?.guardSections,
      badges: { unreadNotifications: () => notifications.unread },
      config: (key: string) => configValue(network.settings, key),
    };
    return {
      general: new MenuModel({ ...options, menu: general as MenuDef }),
      help: new MenuModel({ ...options, menu: help as MenuDef }),
    };
  }, [network, notifications]);
}
