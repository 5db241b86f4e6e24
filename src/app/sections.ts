/** Where the main route (the empty path) sends a signed-in user, in order of preference. */
const MAIN_ROUTES: readonly { section: string; path: string }[] = [
  { section: 'Dashboard', path: '/dashboard' },
  { section: 'RtbStatistics', path: '/rtb-statistics' },
];

/** The page a user whose network allows `allowed` lands on: dashboard, else RTB statistics, else the profile. */
export function mainRoute(allowed: ReadonlySet<string>): string {
  return MAIN_ROUTES.find((r) => allowed.has(r.section))?.path ?? '/personal';
}

/** Whether a route of `section` may open: routes without a section always may. */
export function sectionAllowed(section: string | undefined, allowed: ReadonlySet<string>): boolean {
  return section === undefined || allowed.has(section);
}
