import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config server/db/drizzle.config.ts` writes a new SQL migration after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
