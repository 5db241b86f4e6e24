import { useMemo } from 'react';
import { MenuModel, configValue, type MenuDef } from '../../engine/menu';
import general from '../../schemas/menus/general.json';
import help from '../../schemas/menus/help.json';
import { useStores } from '../app/context';
import { RESOURCES, withResourceEntries } from '../resources/registry';

const manifests = [...RESOURCES.values()].map((r) => r.manifest);

/** The sidebar's menus (schemas/menus, with the resources' entries), filtered by the network's sections, with the unread badge. */
export function useMenus(): { general: MenuModel; help: MenuModel } {
  const { network, notifications } = useStores();
  return useMemo(() => {
    const options = {
      allowedSections: () => network.settings?.guardSections,
      badges: { unreadNotifications: () => notifications.unread },
      config: (key: string) => configValue(network.settings, key),
    };
    // Resources join the menu their manifest names (schemas/<area>/<name>.resource.json).
    const withResources = (menu: MenuDef): MenuDef => ({ ...menu, entries: withResourceEntries(menu.id, menu.entries, manifests) });
    return {
      general: new MenuModel({ ...options, menu: withResources(general as MenuDef) }),
      help: new MenuModel({ ...options, menu: withResources(help as MenuDef) }),
    };
  }, [network, notifications]);
}
