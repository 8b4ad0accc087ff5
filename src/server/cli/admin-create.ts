import { parseArgs } from 'node:util';
import { z } from 'zod';
import { isCommonPassword } from '@shared/common-passwords';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { authService } from '../modules/auth/auth.service';
import { usersRepository } from '../modules/auth/users.repository';

const args = z.object({
  email: z.email('--email must be an email address'),
  password: z
    .string()
    .min(8, '--password must be at least 8 characters')
    .refine(
      (v) => !isCommonPassword(v),
      '--password is one of the most common passwords; choose one that is harder to guess',
    ),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  const parsed = args.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(issue.message);
    console.error('usage: npm run admin:create -- --email admin@example.com --password <8+ chars>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const user = await authService(usersRepository(database.db)).ensureAdmin(
      parsed.data.email.toLowerCase(),
      parsed.data.password,
    );
    console.log(`admin ready: ${user.email}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const line of error.problems) console.error(`config: ${line}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
