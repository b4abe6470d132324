// Which test files mock modules (`vi.mock`, `vi.doMock`), directly or through a helper they
// import. The server and web suites run every other file in workers that import the app's modules
// once (`isolate: false`); a file that mocks a module needs a registry of its own, or its mock
// would miss a module already loaded, or stay for the files after it. Decision 024.
import fs from 'node:fs';
import path from 'node:path';

const mocksModules = /\bvi\.(?:doMock|mock)\(/;
const isTest = /\.test\.(?:ts|tsx|mjs)$/;

function sourcesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(?:ts|tsx|mjs)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Test files under `root`/src that mock modules, relative to `root` (for Vitest's include). */
export function moduleMockingTests(root) {
  const files = sourcesUnder(path.join(root, 'src'));
  const text = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const mocking = new Set(files.filter((f) => mocksModules.test(text.get(f))));
  const helpers = [...mocking]
    .filter((f) => !isTest.test(f))
    .map((f) => path.basename(f).replace(/\.(?:ts|tsx|mjs)$/, ''));
  const importsHelper = (f) =>
    helpers.some((h) => new RegExp(`from '[^']*/${h}(?:\\.tsx?)?'`).test(text.get(f)));
  return files
    .filter((f) => isTest.test(f) && (mocking.has(f) || importsHelper(f)))
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .sort();
}

/**
 * The suite's two Vitest projects: `include` minus the module-mocking tests in workers that import
 * the modules once (`shared-modules`), and those tests each in a fresh registry (`own-modules`).
 */
export function moduleSharingProjects(root, include) {
  const mocking = moduleMockingTests(root);
  return [
    {
      extends: true,
      test: { name: 'shared-modules', include, exclude: mocking, isolate: false },
    },
    { extends: true, test: { name: 'own-modules', include: mocking, isolate: true } },
  ];
}
