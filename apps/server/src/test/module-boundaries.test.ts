import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The module boundaries are lint rules (eslint.config.js, local/server-module-boundaries): these
// plant imports the architecture forbids and check that the real configuration refuses them.

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'local/server-module-boundaries')
    .map((m) => m.message);
}

/** Plants `code` at `file` and expects exactly these boundary errors. */
async function expectBoundaryErrors(file: string, code: string, errors: string[]) {
  expect(await boundaryErrors(file, code)).toEqual(errors);
}

describe('server module boundaries (lint)', () => {
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
