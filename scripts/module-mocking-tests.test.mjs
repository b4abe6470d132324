import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleMockingTests, moduleSharingProjects } from './module-mocking-tests.mjs';

let root;
function tree(files) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mocking-tests-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('moduleMockingTests', () => {
  it('names the tests that mock a module themselves or through a helper they import', () => {
    const found = moduleMockingTests(
      tree({
        'src/a/mocks.test.tsx': "vi.mock('../api', () => ({}));\n",
        'src/b/late.test.ts': "beforeAll(() => vi.doMock('./repo'));\n",
        'src/test/board.tsx': "vi.mock('../live');\nexport const board = 1;\n",
        'src/c/uses-helper.test.tsx': "import { board } from '../test/board';\n",
        'src/c/uses-helper-ext.test.ts': "import { board } from '../test/board.tsx';\n",
        'src/d/plain.test.ts': "import { x } from '../test/boarding';\nvi.fn();\n",
        'src/d/mock-fn.test.ts': 'const f = vi.fn(); vi.mocked(f);\n',
        'src/e/not-a-test.ts': "vi.mock('./x');\n",
      }),
    );
    // Written out: the two direct mockers and the two that import the mocking helper, sorted;
    // a look-alike import, vi.fn/vi.mocked and a non-test file are not among them.
    expect(found).toEqual([
      'src/a/mocks.test.tsx',
      'src/b/late.test.ts',
      'src/c/uses-helper-ext.test.ts',
      'src/c/uses-helper.test.tsx',
    ]);
  });

  it('names none in a tree without mocks', () => {
    expect(moduleMockingTests(tree({ 'src/a.test.ts': 'it("x", () => {});\n' }))).toEqual([]);
  });

  it('runs the mocking tests isolated and every other test on shared modules', () => {
    const root = tree({ 'src/a.test.ts': "vi.mock('./x');\n", 'src/b.test.ts': 'vi.fn();\n' });
    const projects = moduleSharingProjects(root, ['src/**/*.test.ts']);
    expect(projects.map((p) => p.test)).toEqual([
      {
        name: 'shared-modules',
        include: ['src/**/*.test.ts'],
        exclude: ['src/a.test.ts'],
        isolate: false,
      },
      { name: 'own-modules', include: ['src/a.test.ts'], isolate: true },
    ]);
  });
});
