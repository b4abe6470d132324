// Measures the JavaScript a first visit to a route downloads (entry + the route's page chunk and
// everything they import statically), gzip-compressed at the default level.
// Usage: node scripts/initial-js.mjs [--check] [page…]
// --check fails (exit 1) when /login's initial JavaScript exceeds its budget (170 kB; the goal is 150 kB)
// or includes the forms chunk (zod).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
// Default zlib level (6), as servers and Vite's own report compress.
const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const args = process.argv.slice(2);
const check = args.includes('--check');
const named = args.filter((a) => a !== '--check');
const pages = named.length ? named : ['login-page', 'dashboard-page', 'account-settings-page'];
const LOGIN_BUDGET_BYTES = 170_000;
let overBudget = false;
let withForms = false;
// kB = 1000 bytes, as Vite reports sizes.
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

for (const page of pages) {
  const pageKey = Object.keys(manifest).find((k) => k.includes(`/${page}.tsx`));
  // Pages of the blank layout load without the navigation shell.
  const blank =
    /^(login|forgot-password|reset-password|two-steps|locked|not-found|not-authorized)-page$/;
  const extra = blank.test(page) ? [] : ['src/app/default-shell.tsx'];
  const keys = closure([entry, ...(pageKey ? [pageKey] : []), ...extra]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, f) => sum + gzip(f), 0);
  console.log(`${page}: ${kb(total)} (${total} B) gzip in ${files.length} files`);
  if (page === 'login-page' && total > LOGIN_BUDGET_BYTES) overBudget = true;
  // zod and the form libraries are one chunk (vite.config.ts); on /login it means a module there
  // reads the full contract instead of @kopi/contract/values.
  if (page === 'login-page' && [...keys].some((k) => manifest[k].name === 'forms'))
    withForms = true;
  for (const f of files.sort((a, b) => gzip(b) - gzip(a)))
    console.log(`  ${kb(gzip(f)).padStart(9)}  ${f}`);
}

if (check && overBudget)
  console.error(`/login initial JavaScript is over the ${kb(LOGIN_BUDGET_BYTES)} budget.`);
if (check && withForms)
  console.error('/login loads the forms chunk (zod): a module before its paint imports schemas.');
if (check && (overBudget || withForms)) process.exit(1);
