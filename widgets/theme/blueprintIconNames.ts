/**
 * Stands in for @blueprintjs/icons' `iconNames` module in the browser build (vite.config.ts redirects the icon
 * loader's import of it here). Blueprint builds a table of its ~600 icon names (26 KB, and the change-case library
 * to spell them) only to check a name before it loads that icon's paths, which put about 7 KiB (gzip) on the
 * sign-in page. Here a name is checked by its spelling alone: an icon that does not exist fails to load, which the
 * loader reports as it reported an unknown name. blueprintIconNames.test.ts checks both against Blueprint's own.
 */

/** Blueprint's icon name spelling: lower-case words joined by hyphens (`add-application`). */
const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The check the icon loader makes before it loads an icon's paths. */
export const IconNamesSet: Pick<ReadonlySet<string>, 'has'> = { has: (name: string) => typeof name === 'string' && ICON_NAME.test(name) };

/** `IconNames.ADD_APPLICATION` and `IconNames.AddApplication` as Blueprint spells them: `add-application`. */
export const IconNames: Readonly<Record<string, string>> = new Proxy(
  {},
  {
    get: (_target, key) =>
      typeof key !== 'string'
        ? undefined
        : /^[A-Z0-9_]+$/.test(key)
          ? key.toLowerCase().replace(/_/g, '-')
          : key.replace(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/g, '-').toLowerCase(),
  },
);
