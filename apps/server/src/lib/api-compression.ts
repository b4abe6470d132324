import zlib from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Compresses API answers of 1 kB and more for clients that ask (Accept-Encoding). Registered in
// the /api scope only: the web app's files are compressed at build time (web-app.ts) and the
// live socket at /ws is outside it.
//
// Reports are judged by server CPU per request, so the cheapest settings win: brotli at quality
// 1 and gzip at level 1. On a 66 kB report JSON brotli 1 takes ~0.15 ms of CPU for 16 % of the
// size, where gzip 6 (the usual default) takes ~0.6 ms for 17 % and brotli 4 ~0.45 ms for 13 %.

/** JSON and text (CSV exports); not octet-stream, whose files are mostly compressed already. */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/;

export const apiCompressionOptions: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSIBLE_TYPES,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
  // Request bodies stay plain: a compressed upload would slip past the body size limit.
  globalDecompression: false,
};

export async function registerApiCompression(api: FastifyInstance) {
  await api.register(compress, apiCompressionOptions);
}
