import { describe, expect, it } from 'vitest';
import { demoCategory, demoProduct } from '../test/catalogue-fixtures';
import { useTestApp } from '../test/use-test-app';
import { expectCode } from '../test/expect-code';

// Every upload route reads its file through readUploadedFile: a body the multipart parser cannot
// read is the client's mistake, a 400 in the error envelope, never a 500.

const { t, api, as } = useTestApp({ signIn: ['admin'], api: 'admin' });

const head = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\n';
const brokenBodies = {
  'a body that ends mid-part': {
    type: 'multipart/form-data; boundary=x',
    body: `--x\r\n${head}Content-Type: image/png\r\n\r\n\x89PNG`,
  },
  'no boundary at all': { type: 'multipart/form-data', body: `--x\r\n${head}\r\nabc\r\n--x--\r\n` },
  'a part header without its end': {
    type: 'multipart/form-data; boundary=x',
    body: `--x\r\n${head}Content-Type: image/png`,
  },
  'a field, then a file cut off': {
    type: 'multipart/form-data; boundary=x',
    body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--x\r\n${head}\r\nabc`,
  },
};

describe('a malformed multipart body', () => {
  it('answers 400 malformed_upload on every upload route', async () => {
    const product = await demoProduct(t, 'ESP-003');
    const category = await demoCategory(t, 'Food');
    const routes = [
      `/api/products/${product.id}/images`,
      `/api/categories/${category.id}/image`,
      '/api/account/avatar',
      '/api/products/import?mode=preview',
    ];
    for (const url of routes) {
      for (const [name, { type, body }] of Object.entries(brokenBodies)) {
        const res = await api.post(url, Buffer.from(body, 'latin1'), {
          ...as.admin,
          'content-type': type,
        });
        expect(res.statusCode, `${url}, ${name}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({
          code_message: 'malformed_upload',
          message: 'The upload could not be read. Please try again.',
        });
      }
    }
    // The app still answers afterwards.
    expectCode(await api.post(routes[0]!, { file: 'x' }), 400, 'file_required');
  });
});
