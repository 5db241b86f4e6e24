import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

it('every notification type and category the server knows has its text in the panel', () => {
  const { categories } = json('schemas/notifications/notification-types.json') as { categories: Record<string, { types: Record<string, unknown> }> };
  const en = json('src/locales/en/notifications.json') as Record<string, string>;
  const missing = Object.entries(categories).flatMap(([category, { types }]) => [
    ...(en[`notifications.category.${category}`] ? [] : [`notifications.category.${category}`]),
    ...Object.keys(types).filter((type) => !en[`notification.${type}`]).map((type) => `notification.${type}`),
  ]);
  expect(missing).toEqual([]);
});
