/**
 * Makes an existing account an admin: `npm run admin:promote -- someone@example.com`
 * (in a container: `node services/auth/dist/cli/promote-admin.js someone@example.com`).
 * Uses the auth service's own DATABASE_URL, since the auth service owns `users`.
 */
import 'reflect-metadata';
import { z } from 'zod';
import { loadConfig } from '@app/common';
import { createDataSource, migrateDatabase } from '@app/database';
import { AUTH_DATABASE } from '../db/auth-database.js';
import { UserEntity } from '../db/entities/user.entity.js';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email())
  .safeParse(process.argv[2] ?? '');
if (!email.success) {
  console.error('Usage: npm run admin:promote -- <email of an existing account>');
  process.exit(2);
}

const config = loadConfig('auth');
const dataSource = createDataSource({ url: config.DATABASE_URL, applicationName: 'auth-cli', database: AUTH_DATABASE });
await dataSource.initialize();
try {
  await migrateDatabase(dataSource);
  const result = await dataSource.getRepository(UserEntity).update({ email: email.data }, { isAdmin: true });
  if (!result.affected) {
    console.error(
      `No account uses ${email.data}. Register it first (or set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin at start).`,
    );
    process.exitCode = 1;
  } else {
    console.log(`${email.data} is now an admin.`);
  }
} finally {
  await dataSource.destroy();
}
