import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

// The API (and its websocket) runs on 3000 in development; the built app is served by the server.
const api = 'http://127.0.0.1:3000';

// React rarely changes between deploys: its own chunk stays cached. Everything else is split by
// use, so the sign-in page does not carry the navigation frame (or, later, charts).
const vendorGroups: {
  name: string;
  test: RegExp;
  priority: number;
  includeDependenciesRecursively?: boolean;
}[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  // The form libraries (zod, react-hook-form) and the bound fields as one chunk that every form
  // page shares; left to the default split, each new page cut them into smaller chunks. Without
  // their dependencies: MUI and i18next stay where the sign-in page, which has no form library,
  // can load them without this chunk.
  {
    name: 'forms',
    test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|src[\\/]components[\\/](form-text-field|form-binding)\.tsx$/,
    priority: 20,
    includeDependenciesRecursively: false,
  },
];

/**
 * Code that libraries reference but this app never runs, replaced in production builds by stubs
 * that throw if ever called (export names are read from the real module, so upgrades stay in
 * step). It keeps the sign-in page within its budget (scripts/initial-js.mjs):
 * - zod's JSON Schema generator: every classic schema references it; the web only validates.
 * - MUI's CSS-variables theme builder: `createTheme` reaches it only with `cssVariables: true`
 *   or `colorSchemes`, which this app never passes (and no MUI CSS-variables provider is used).
 */
const stubbedModules: { test: RegExp; what: string }[] = [
  {
    test: /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/,
    what: 'JSON Schema generation',
  },
  {
    test: /[\\/]@mui[\\/]material[\\/]styles[\\/]createThemeWithVars\.mjs$/,
    what: 'MUI CSS-variables themes',
  },
];

function withoutUnusedLibraryCode(): Plugin {
  return {
    name: 'kopi:without-unused-library-code',
    apply: 'build',
    load(id) {
      const stub = stubbedModules.find((m) => m.test.test(id));
      if (!stub) return null;
      const source = fs.readFileSync(id, 'utf8');
      const names = [...source.matchAll(/^export (?:const|function|let) (\w+)/gm)].map(
        (m) => m[1] ?? '',
      );
      const renamed = [...source.matchAll(/^export \{ (\w+) as (\w+) \};/gm)];
      const fail = `() => { throw new Error('${stub.what} is not part of the web build'); }`;
      const lines = names.map((name) => {
        if (name === 'aggregateChecks') return `export const ${name} = () => ({});`;
        if (name === 'allProcessors') return `export const ${name} = {};`;
        if (/^create\w*JSONSchemaMethod$/.test(name))
          return `export const ${name} = () => ${fail};`;
        return `export const ${name} = ${fail};`;
      });
      for (const [, local, exported] of renamed) lines.push(`export { ${local} as ${exported} };`);
      if (/^export default /m.test(source)) lines.push(`export default ${fail};`);
      return lines.join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutUnusedLibraryCode(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: `npm run size` reads it to measure each route's initial JS.
    manifest: true,
    // Every supported browser has modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract is pure (DESIGN §2: no I/O, only schemas and functions), but its modules build
      // zod schemas at load time, which a bundler must otherwise keep. Declaring them free of side
      // effects lets the sign-in page carry only the schemas it uses, however large the contract
      // grows.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
});
