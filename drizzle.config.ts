import { defineConfig } from 'drizzle-kit';

// One migration set for PGlite and PostgreSQL. Add a table: new file in src/server/db/schema/, then
// `npx drizzle-kit generate` and commit the SQL it writes to drizzle/. Migrations run on every start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './drizzle',
});
