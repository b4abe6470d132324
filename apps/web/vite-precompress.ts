import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Writes `<file>.br` and `<file>.gz` next to every compressible file of the build, at the highest
// quality: it costs build time once, and the server (@fastify/static `preCompressed`) then sends
// the smallest copy the browser accepts without compressing anything per request.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images, fonts (woff2 is brotli inside) and archives are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|ico|webmanifest)$/i;
/** A copy that saves less than this share of the original is not worth the extra request path. */
const MIN_SAVING = 0.1;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) return []; // .vite/manifest.json is for build scripts only
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export async function precompressDir(dir: string): Promise<{ files: number }> {
  const targets = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file));
  let files = 0;
  await Promise.all(
    targets.map(async (file) => {
      const source = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const worth = (copy: Buffer) => copy.length <= source.length * (1 - MIN_SAVING);
      if (worth(br)) await fs.promises.writeFile(`${file}.br`, br);
      if (worth(gz)) await fs.promises.writeFile(`${file}.gz`, gz);
      if (worth(br) || worth(gz)) files += 1;
    }),
  );
  return { files };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kopi:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = Date.now();
      const { files } = await precompressDir(outDir);
      this.info?.(`brotli and gzip copies of ${files} files in ${Date.now() - started} ms`);
    },
  };
}
