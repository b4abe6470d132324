import { multipart } from '../catalogue-fixtures';

// Broken uploads for the multipart routes (images, avatars, the product import): parts cut short,
// boundaries that do not match, files that are not what their name says.

const BOUNDARY = '----kopi-fuzz-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

interface Upload {
  payload: Buffer;
  contentType: string;
}

/** One part's head; `filename` and `type` left out when undefined. */
function partHead(field: string, filename?: string, type?: string) {
  const name = filename === undefined ? '' : `; filename="${filename}"`;
  const contentType = type === undefined ? '' : `\r\nContent-Type: ${type}`;
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"${name}${contentType}\r\n\r\n`;
}

const closing = `\r\n--${BOUNDARY}--\r\n`;

function upload(...chunks: (string | Buffer)[]): Upload {
  return {
    payload: Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))),
    contentType: CONTENT_TYPE,
  };
}

/** Each kind of broken upload, built around a small real PNG. */
export const multipartKinds: Record<string, (png: Buffer) => Upload> = {
  valid: (png) => multipart(png),
  'broken-boundary': (png) => ({
    ...upload(partHead('file', 'a.png', 'image/png'), png, closing),
    contentType: 'multipart/form-data; boundary=something-else',
  }),
  'no-boundary': (png) => ({ ...multipart(png), contentType: 'multipart/form-data' }),
  truncated: (png) => upload(partHead('file', 'a.png', 'image/png'), png.subarray(0, 20)),
  'truncated-head': () => upload(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
  'empty-body': () => upload(''),
  'only-closing': () => upload(`--${BOUNDARY}--\r\n`),
  'wrong-field': (png) => multipart(png, 'a.png', 'image/png', 'picture'),
  'field-not-file': () => upload(partHead('file'), 'just text', closing),
  'zero-bytes': () => multipart(Buffer.alloc(0)),
  'not-an-image': () => multipart(Buffer.from('<html><script>alert(1)</script></html>')),
  'html-after-png-signature': (png) =>
    multipart(Buffer.concat([png.subarray(0, 16), Buffer.from('<html>fuzz</html>')])),
  'two-files': (png) =>
    upload(
      partHead('file', 'a.png', 'image/png'),
      png,
      '\r\n',
      partHead('file', 'b.png', 'image/png'),
      png,
      closing,
    ),
  'many-fields': () =>
    upload(
      ...Array.from({ length: 50 }, (_, i) => `${partHead(`f${i}`)}v\r\n`),
      `--${BOUNDARY}--\r\n`,
    ),
  'huge-filename': (png) => multipart(png, `${'n'.repeat(10_000)}.png`),
  'nul-filename': (png) => multipart(png, 'a\u0000.png'),
  'traversal-filename': (png) => multipart(png, '../../../etc/passwd.png'),
  'over-size': () => multipart(Buffer.alloc(3 * 1024 * 1024, 0x41)),
  'garbage-csv': () =>
    multipart(Buffer.from('\u0000\u0001,"unclosed\n'.repeat(100)), 'p.csv', 'text/csv'),
};
