import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config server/db/drizzle.config.ts` writes a new SQL migration after a schema change.
// The platform's tables are in db/schema.ts; each area's own are in its folder (areas/<area>/tables.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/areas/*/tables.ts'],
  out: './server/db/migrations',
});
