import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: [
    './src/main/db/schema.ts',
    './src/main/db/schema-shelter.ts',
    './src/main/db/schema-movements.ts',
    './src/main/db/schema-care.ts',
    './src/main/db/schema-staff.ts',
    './src/main/db/schema-audit.ts',
    './src/main/db/schema-contracts.ts',
    './src/main/db/schema-mail.ts',
    './src/main/db/schema-foster.ts',
    './src/main/db/schema-front-door.ts',
    './src/main/db/schema-lost-found.ts',
  ],
  out: './resources/migrations',
});
