import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Registers @fastify/multipart on a routes plugin whose largest upload is `maxBytes`: the parser
 * stops storing a file at that size whoever reads it, one file and a few fields per request.
 */
export async function registerMultipart(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
}

/**
 * Reads the multipart field "file" of a request into memory, refusing more than `maxBytes` with a
 * 400 `file_too_large` (the stream stops at the limit: a huge upload is never buffered whole).
 * The routes plugin must have called `registerMultipart`.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('file_required');
  let file;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  } catch (error) {
    throw asUploadError(error);
  }
  if (!file || file.fieldname !== 'file') throw new AppError('file_required');
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (error) {
    throw asUploadError(error);
  }
  // toBuffer only notices the limit on a chunk read after it: when the data up to the limit came
  // in chunks of its own, the cut-off file arrives whole-looking. The stream's flag is set before
  // it ends, so it is the one reliable answer.
  if (file.file.truncated || buffer.length > maxBytes) throw new AppError('file_too_large');
  if (buffer.length === 0) throw new AppError('file_required');
  return buffer;
}

/**
 * Our codes for the parser's errors. Anything else it throws (busboy's "Unexpected end of form",
 * "Malformed part header", a missing boundary, a body cut off) is a body we cannot read: a 400,
 * never a 500.
 */
function asUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('file_too_large');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('invalid_request');
  }
  return new AppError('malformed_upload');
}
