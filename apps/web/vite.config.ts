import fs from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API (and its websocket) runs on 3000 in development; the built app is served by the server.
const api = 'http://127.0.0.1:3000';

// React and the router rarely change between deploys: their own chunks stay cached. Everything
// else is split by use, so the sign-in page does not carry the navigation frame or charts.
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie)[\\/]/, priority: 25 },
];

/**
 * The web only validates with zod; it never turns a schema into JSON Schema. zod's classic API
 * still references its JSON Schema generator from every schema, so the generator (about 7 kB
 * gzip on the sign-in page) is replaced in production builds by stubs that throw if ever used.
 * Export names are read from the real modules, so a zod upgrade keeps the stubs in step.
 */
function withoutZodJsonSchema(): Plugin {
  const stubbed = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
  return {
    name: 'kopi:without-zod-json-schema',
    apply: 'build',
    load(id) {
      if (!stubbed.test(id)) return null;
      const source = fs.readFileSync(id, 'utf8');
      const names = [...source.matchAll(/^export (?:const|function|let) (\w+)/gm)].map(
        (m) => m[1] ?? '',
      );
      const renamed = [...source.matchAll(/^export \{ (\w+) as (\w+) \};/gm)];
      const fail = 'JSON Schema generation is not part of the web build';
      const lines = names.map((name) => {
        if (name === 'aggregateChecks') return `export const ${name} = () => ({});`;
        if (name === 'allProcessors') return `export const ${name} = {};`;
        if (/^create\w*JSONSchemaMethod$/.test(name))
          return `export const ${name} = () => () => { throw new Error('${fail}'); };`;
        return `export const ${name} = () => { throw new Error('${fail}'); };`;
      });
      for (const [, local, exported] of renamed) lines.push(`export { ${local} as ${exported} };`);
      return lines.join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutZodJsonSchema()],
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
