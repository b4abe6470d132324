import { randomUUID } from 'node:crypto';
import { stdin, stdout } from 'node:process';
import readline from 'node:readline';
import { passwordSchema, requiredString, translateValidationMessage } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { users } from '../db/schema/access';
import { ensureSuperadminRole } from '../db/seed';
import { withMigratedDatabase } from '../db/setup';
import { audit } from '../lib/audit';
import { createPasswordHasher } from '../lib/password';

// `npm run create-superadmin`: the first platform account of a production installation (no demo
// data there). Prompts for a username and a password twice with hidden input; for automation,
// CREATE_SUPERADMIN_USERNAME and CREATE_SUPERADMIN_PASSWORD skip the prompts.

function ask(question: string, hidden = false): Promise<string> {
  const rl = readline.createInterface({ input: stdin, output: stdout, terminal: stdin.isTTY });
  if (hidden && stdin.isTTY) {
    // Echo nothing while the password is typed.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) write.call(rl, question);
      else if (s.includes('\n') || s.includes('\r')) write.call(rl, '\n');
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    }),
  );
}

function check(schema: typeof passwordSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : translateValidationMessage(result.error.issues[0]!.message, 'en');
}

async function main() {
  const config = loadConfig();
  const fromEnv = process.env.CREATE_SUPERADMIN_USERNAME !== undefined;
  const username = (process.env.CREATE_SUPERADMIN_USERNAME ?? (await ask('Username: '))).trim();
  const usernameProblem = check(requiredString(64) as never, username);
  if (usernameProblem || !/^[a-zA-Z0-9._-]+$/.test(username)) {
    throw new Error(
      `Username: ${usernameProblem ?? 'use letters, digits, dot, dash or underscore'}`,
    );
  }
  let password = process.env.CREATE_SUPERADMIN_PASSWORD;
  if (password === undefined) {
    if (fromEnv)
      throw new Error('CREATE_SUPERADMIN_PASSWORD is required with CREATE_SUPERADMIN_USERNAME');
    password = await ask('Password: ', true);
    const problem = check(passwordSchema, password);
    if (problem) throw new Error(`Password: ${problem}`);
    if ((await ask('Confirm password: ', true)) !== password) {
      throw new Error('The Confirm Password field confirmation does not match');
    }
  }
  const problem = check(passwordSchema, password);
  if (problem) throw new Error(`Password: ${problem}`);

  await withMigratedDatabase(config, async ({ db }) => {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    if (existing) throw new Error(`A user named "${username}" already exists.`);
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash(password);
    await db.transaction(async (tx) => {
      const roleId = await ensureSuperadminRole(tx);
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: null,
          username,
          fullname: 'Superadmin',
          roleId,
          isVerify: true,
          passwordHash,
        })
        .returning({ id: users.id });
      await audit.record(
        tx,
        { principal: null, ip: 'cli', userAgent: 'create-superadmin', requestId: randomUUID() },
        {
          action: 'user.create',
          entity: 'user',
          entityId: user!.id,
          tenantId: null,
          after: { username, role: 'superadmin' },
        },
      );
    });
    console.log(`Superadmin "${username}" created. Sign in at ${config.appUrl}/login`);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
