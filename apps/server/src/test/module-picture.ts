import fs from 'node:fs';
import path from 'node:path';

// The README's picture of the server's modules, drawn from the code: for each module (a folder of
// src/modules) the other modules its production files import, and the same for the composition
// (src/composition and the files at the root of src: they create the services and register the
// routes).

export const serverSrc = path.resolve(import.meta.dirname, '..');
export const readmePath = path.resolve(serverSrc, '../../../README.md');
export const PICTURE_START =
  '<!-- module-picture:start (npm run module-picture -w @kopi/server) -->';
export const PICTURE_END = '<!-- module-picture:end -->';

const modulesDir = path.join(serverSrc, 'modules');
const importFrom = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;
const isProduction = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return isProduction(entry.name) ? [full] : [];
  });
}

/** The modules the files import, except `own`. */
function modulesImportedBy(files: string[], own?: string): string[] {
  const used = new Set<string>();
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(importFrom)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), match[1]!));
      const module = target.split(path.sep)[0]!;
      if (!target.startsWith('..') && module !== own) used.add(module);
    }
  }
  return [...used].sort();
}

/** The picture's lines: `module  → modules it uses` (a dash where it uses none). */
export function modulePicture(): string {
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const rootFiles = [
    ...fs
      .readdirSync(serverSrc)
      .filter(isProduction)
      .map((name) => path.join(serverSrc, name)),
    ...filesUnder(path.join(serverSrc, 'composition')),
  ];
  const rows: [string, string[]][] = [
    ...modules.map((m): [string, string[]] => [
      m,
      modulesImportedBy(filesUnder(path.join(modulesDir, m)), m),
    ]),
    ['(composition)', modulesImportedBy(rootFiles)],
  ];
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  const lines = rows.flatMap(([name, used]) => wrap(name.padEnd(width), used, width));
  return ['```', ...lines, '```'].join('\n');
}

/** `name → a, b, c`, continued on indented lines before 100 characters. */
function wrap(head: string, used: string[], width: number): string[] {
  if (used.length === 0) return [`${head}→ —`];
  const lines: string[] = [];
  let line = `${head}→ `;
  for (const [i, name] of used.entries()) {
    const item = i < used.length - 1 ? `${name}, ` : name;
    if (line.length + item.length > 100 && line.trim().length > head.trim().length + 1) {
      lines.push(line.trimEnd());
      line = ' '.repeat(width + 2);
    }
    line += item;
  }
  lines.push(line);
  return lines;
}

/** The picture as the README holds it between its markers, or null without the markers. */
export function pictureInReadme(readme: string): string | null {
  const start = readme.indexOf(PICTURE_START);
  const end = readme.indexOf(PICTURE_END);
  if (start < 0 || end < start) return null;
  return readme.slice(start + PICTURE_START.length, end).trim();
}

/** The README with the picture between its markers replaced by `picture`. */
export function withPicture(readme: string, picture: string): string {
  const start = readme.indexOf(PICTURE_START);
  const end = readme.indexOf(PICTURE_END);
  if (start < 0 || end < start) throw new Error('README.md has no module-picture markers');
  return `${readme.slice(0, start + PICTURE_START.length)}\n${picture}\n${readme.slice(end)}`;
}
