import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The module boundaries and the house rules are lint rules (eslint.config.js): these plant code the
// architecture forbids and check that the real configuration refuses it.

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function ruleErrors(file: string, code: string, rule: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryErrors = (file: string, code: string) =>
  ruleErrors(file, code, 'local/server-module-boundaries');

/** Plants `code` at `file` and expects exactly these boundary errors. */
async function expectBoundaryErrors(file: string, code: string, errors: string[]) {
  expect(await boundaryErrors(file, code)).toEqual(errors);
}

// Linting with the real configuration reads the import graph from disk: slow on a busy machine.
describe('server module boundaries (lint)', { timeout: 240_000 }, () => {
  it("refuses a module importing another module's repository", async () => {
    await expectBoundaryErrors(
      'apps/server/src/modules/users/planted.ts',
      "import { list } from '../categories/categories.repo';\nexport const planted = list;\n",
      [
        'Use the "categories" module through its service (../categories/*.service), not "../categories/categories.repo".',
      ],
    );
  });

  it('lets a module use another module through its service', async () => {
    await expectBoundaryErrors(
      'apps/server/src/modules/users/planted.ts',
      "import { createCategoryService } from '../categories/categories.service';\nexport const planted = createCategoryService;\n",
      [],
    );
  });

  it('composes a module through its services and routes, never its repository', async () => {
    const file = 'apps/server/src/composition/planted.ts';
    await expectBoundaryErrors(
      file,
      "import { list } from '../modules/categories/categories.repo';\nexport const planted = list;\n",
      [
        'Compose the "categories" module through its services and routes (*.service, *.routes), not "../modules/categories/categories.repo".',
      ],
    );
    await expectBoundaryErrors(
      'apps/server/src/planted-routes.ts',
      "import { findPendingCheckout } from './modules/payments/intents/payments.repo';\nexport const planted = findPendingCheckout;\n",
      [
        'Compose the "payments" module through its services and routes (*.service, *.routes), not "./modules/payments/intents/payments.repo".',
      ],
    );
    await expectBoundaryErrors(
      file,
      [
        "import { createCategoryService } from '../modules/categories/categories.service';",
        "import { categoryRoutes } from '../modules/categories/categories.routes';",
        "import type { PaymentProvider } from '../modules/payments/intents/payment-provider';",
        'export const planted = [createCategoryService, categoryRoutes];',
        'export type Planted = PaymentProvider;',
        '',
      ].join('\n'),
      [],
    );
  });

  it('reads a module through a sub-folder as the same module', async () => {
    await expectBoundaryErrors(
      'apps/server/src/modules/mobile/planted.ts',
      "import { findPendingCheckout } from '../payments/intents/payments.repo';\nexport const planted = findPendingCheckout;\n",
      [
        'Use the "payments" module through its service (../payments/*.service), not "../payments/intents/payments.repo".',
      ],
    );
    await expectBoundaryErrors(
      'apps/server/src/modules/payments/refund-payouts/planted.ts',
      "import { findPendingCheckout } from '../intents/payments.repo';\nexport const planted = findPendingCheckout;\n",
      [],
    );
  });

  it('refuses routes that reach the database', async () => {
    await expectBoundaryErrors(
      'apps/server/src/modules/categories/planted.routes.ts',
      "import type { Db } from '../../db/database';\nexport type Planted = Db;\n",
      ['Routes and channel modules never touch the database: go through a service.'],
    );
  });

  it('refuses a repository or a database handle in a channel module', async () => {
    await expectBoundaryErrors(
      'apps/server/src/modules/mobile/planted.repo.ts',
      "import { customers } from '../../db/schema/customers';\nexport const planted = customers;\n",
      [
        '"mobile" is a channel: it has no repository; the domain modules own the data.',
        'Routes and channel modules never touch the database: go through a service.',
      ],
    );
  });
});

describe('house rules (lint)', { timeout: 240_000 }, () => {
  it('refuses an import cycle, through TypeScript files on disk', async () => {
    // customers.ts names its tier (membership-tiers.ts): the tiers naming a customer closes a loop.
    const file = 'apps/server/src/db/schema/membership-tiers.ts';
    const planted = "import { customers } from './customers';\nexport const planted = customers;\n";
    expect(await ruleErrors(file, planted, 'import-x/no-cycle')).toEqual([
      'Dependency cycle detected',
    ]);
  });

  it('refuses a source file of 401 lines, and lets one of 400 through', async () => {
    const file = 'apps/server/src/lib/planted.ts';
    // Each line is a statement; the last line ends the file without a trailing newline.
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const l${i} = ${i};`);
    expect(await ruleErrors(file, lines(400).join('\n'), 'max-lines')).toEqual([]);
    expect(await ruleErrors(file, lines(401).join('\n'), 'max-lines')).toEqual([
      'File has too many lines (401). Maximum allowed is 400.',
    ]);
  });

  it('refuses a comment citing an issue number, in every spelling', async () => {
    const file = 'apps/server/src/lib/planted.ts';
    for (const comment of ['// Issue 7: users', '/* see issue #12 */', '// issues 3']) {
      expect(
        await ruleErrors(
          file,
          `${comment}\nexport const planted = 1;\n`,
          'local/no-issue-reference',
        ),
      ).toEqual(['Say what the code does and why, not which issue brought it.']);
    }
    const plain = '// The issue with rounding: sen, never floats.\nexport const planted = 1;\n';
    expect(await ruleErrors(file, plain, 'local/no-issue-reference')).toEqual([]);
  });

  it('keeps test support out of production code', async () => {
    const planted =
      "import { startStripeFake } from '../../test/stripe-fake';\nexport const planted = startStripeFake;\n";
    const message =
      "'../../test/stripe-fake' import is restricted from being used by a pattern. Test support stays out of the product: move what is needed into a module.";
    const errors = (file: string) =>
      ruleErrors(file, planted, '@typescript-eslint/no-restricted-imports');
    expect(await errors('apps/server/src/modules/payments/planted.ts')).toEqual([message]);
    expect(await errors('apps/server/src/modules/payments/planted.test.ts')).toEqual([]);
  });
});
