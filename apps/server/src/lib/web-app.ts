import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markRoutesPublic } from './access';

// Serves the built web app (apps/web/dist), compressed at build time. Hashed files under /assets
// are cached for a year; everything else revalidates. A GET for a page (not /api, not /ws, accepting HTML) that matches
// no file gets index.html, so client-side routes survive a reload.

export interface WebAppOptions {
  webDist: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Registers the static files; returns the SPA fallback for the not-found handler, or null. */
export async function registerWebApp(
  app: FastifyInstance,
  { webDist }: WebAppOptions,
): Promise<((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | null> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(
      `The web app is not built (${indexFile} is missing): only the API is served. Run \`npm run build\`.`,
    );
    return null;
  }
  const assetsDir = `${path.sep}assets${path.sep}`;
  const sendIndex = async (reply: FastifyReply) => {
    // Read on every request: a rebuild while the server runs is picked up, and it is tiny.
    const html = await fs.promises.readFile(indexFile, 'utf8');
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  await app.register(async (scope) => {
    markRoutesPublic(scope);
    scope.get('/', (_request, reply) => sendIndex(reply));
    await scope.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      decorateReply: false,
      // The build writes `.br` and `.gz` copies (apps/web/vite-precompress.ts): the smallest the
      // client accepts is sent, with `Vary: Accept-Encoding`; the plain file to a client that
      // accepts neither.
      preCompressed: true,
      // Our own cache policy below replaces send's default max-age.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  });

  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url;
    if (url === '/ws' || url.startsWith('/ws?') || url.startsWith('/ws/')) return false;
    // A missing hashed asset or upload is a real 404, not a page.
    if (url.startsWith('/assets/') || url.startsWith('/uploads/')) return false;
    if (!String(request.headers.accept ?? '').includes('text/html')) return false;
    await sendIndex(reply);
    return true;
  };
}

/** Serves DATA_DIR/uploads at /uploads: random, never reused names, so cached for a year. */
export async function registerUploads(app: FastifyInstance, { dir }: { dir: string }) {
  fs.mkdirSync(dir, { recursive: true });
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: '/uploads/',
      index: false,
      wildcard: true,
      decorateReply: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE);
      },
    });
  });
}
