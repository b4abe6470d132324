import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A decision record is only worth reading while it matches the code: every record carries its
// date and status under its title, and every repository path it names must exist.

const root = path.resolve(import.meta.dirname, '../../../..');
const recordsDir = path.join(root, 'docs/decisions');

/** Workspaces a relative path may be written against (`src/lib/x.ts`, `modules/orders`). */
const workspaces = ['apps/server', 'apps/web', 'packages/contract', 'e2e'];
const bases = [
  '',
  ...workspaces,
  ...workspaces.map((w) => `${w}/src`).filter((d) => fs.existsSync(path.join(root, d))),
];

const skipDirs = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', '.git']);
const fileExtension = /\.(tsx?|mjs|cjs|js|json|md|sql|css|html|ya?ml|sh)$/;

function directoriesIn(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !skipDirs.has(e.name))
    .map((e) => e.name);
}

/** First segments that make a token a path: a directory at one of the bases, or `src`. */
const pathRoots = new Set(['src', ...bases.flatMap(directoriesIn)]);

function fileNamesUnder(dir: string, names: Set<string>): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipDirs.has(entry.name)) continue;
    if (entry.isDirectory()) fileNamesUnder(path.join(dir, entry.name), names);
    else names.add(entry.name);
  }
  return names;
}

/**
 * Backticked tokens that name repository paths. A token with a slash is a path when its first
 * segment is a known directory or it ends in a file extension; a bare file name (`order-core.ts`)
 * is one too. Globs, placeholders, routes (`/api/…`), packages (`@kopi/contract`) and lint rule
 * names are not.
 */
function repositoryPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    if (/[*{}<>…$[\]()|:=,'"]/.test(token!) || /^[/@]/.test(token!)) continue;
    const candidate = token!.replace(/\/$/, '');
    const first = candidate.split('/')[0]!;
    if (
      candidate.includes('/')
        ? pathRoots.has(first) || fileExtension.test(candidate)
        : fileExtension.test(candidate)
    )
      paths.add(candidate);
  }
  return [...paths];
}

let repositoryFileNames: Set<string> | undefined;

/** A path with a slash resolves against the root, a workspace or its `src`; a bare name is any file's. */
function pathExists(candidate: string): boolean {
  if (!candidate.includes('/')) {
    repositoryFileNames ??= fileNamesUnder(root, new Set());
    return repositoryFileNames.has(candidate);
  }
  return bases.some((base) => fs.existsSync(path.join(root, base, candidate)));
}

const records = fs
  .readdirSync(recordsDir)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort()
  .map((file) => ({ file, text: fs.readFileSync(path.join(recordsDir, file), 'utf8') }));
const recordNumbers = new Set(records.map((r) => r.file.slice(0, 3)));

const numberList = String.raw`\d{3}(?:(?:, | and )\d{3})*`;
const statusLine = new RegExp(
  String.raw`^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted(?:, amended by ${numberList})?|superseded by ${numberList})(?: \(.+\))?$`,
);

describe('decision records', () => {
  it('finds the records', () => {
    expect(records.length).toBeGreaterThan(60);
  });

  it.each(records)(
    '$file has a numbered title and a date and status under it',
    ({ file, text }) => {
      const [title, blank, status] = text.split('\n');
      expect(title).toMatch(new RegExp(`^# ${file.slice(0, 3)} — \\S`));
      expect(blank).toBe('');
      const match = statusLine.exec(status ?? '');
      expect(match, `status line of ${file}: ${status}`).not.toBeNull();
      const date = match![1]!;
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      for (const cited of status!.match(/\b\d{3}\b/g) ?? []) expect(recordNumbers).toContain(cited);
    },
  );

  it.each(records)('$file names only paths that exist', ({ text }) => {
    expect(repositoryPaths(text).filter((p) => !pathExists(p))).toEqual([]);
  });

  it.each(records)('$file says what brought a decision, not which issue', ({ text }) => {
    expect(text.match(/\bissues? \d+/gi) ?? []).toEqual([]);
  });

  it('tells a path that is gone from one that exists', () => {
    const planted = repositoryPaths(
      'See `modules/orders/order-core.ts`, `src/lib/gone.ts`, `apps/web/src/app/routes.ts`, ' +
        '`gone.ts`, `GET /api/orders`, `@kopi/contract`, `local/server-module-boundaries`, ' +
        '`text/csv`, `YYYY/MM/DD` and `src/**/*.test.ts`.',
    );
    expect(planted).toEqual([
      'modules/orders/order-core.ts',
      'src/lib/gone.ts',
      'apps/web/src/app/routes.ts',
      'gone.ts',
    ]);
    expect(planted.filter((p) => !pathExists(p))).toEqual(['src/lib/gone.ts', 'gone.ts']);
  });
});
