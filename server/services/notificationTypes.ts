import data from '../../schemas/notifications/notification-types.json';

interface CategoryData {
  entityType: string | null;
  types: Record<string, { title: string }>;
}

const categories = data.categories as Record<string, CategoryData>;

/** Category → its type ids, as `GET settings` answers `notification_groups`. */
export const NOTIFICATION_GROUPS: Record<string, string[]> = Object.fromEntries(
  Object.entries(categories).map(([category, c]) => [category, Object.keys(c.types)]),
);

const byType = new Map(
  Object.entries(categories).flatMap(([category, c]) => Object.entries(c.types).map(([type, t]) => [type, { category, entityType: c.entityType, title: t.title }] as const)),
);

/** What one notification type is. @throws for an unknown type, naming the known ones (a programming mistake). */
export function notificationType(type: string): { category: string; entityType: string | null; title: string } {
  const found = byType.get(type);
  if (!found) throw new Error(`Unknown notification type "${type}". Known: ${[...byType.keys()].join(', ')}`);
  return found;
}
