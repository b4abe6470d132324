import { describe, expect, it, vi } from 'vitest';
import { filenameOf, xhrFetch, type UploadProgress } from './transfer';

/** Just enough of XMLHttpRequest to drive xhrFetch. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-request-id: 7\r\n';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('file transfers', () => {
  it('reads the file name of a download', () => {
    expect(filenameOf('attachment; filename="products-20260322.csv"', 'x.csv')).toBe(
      'products-20260322.csv',
    );
    expect(filenameOf("attachment; filename*=UTF-8''men%C3%BC.xlsx", 'x')).toBe('menü.xlsx');
    expect(filenameOf(null, 'products.csv')).toBe('products.csv');
  });

  it('uploads over XHR, reporting progress, and answers like fetch', async () => {
    const progress: UploadProgress[] = [];
    const fetchLike = xhrFetch(
      (p) => progress.push(p),
      () => new FakeXhr() as unknown as XMLHttpRequest,
    );
    const form = new FormData();
    const pending = fetchLike('/api/products/import?mode=preview', {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Idempotency-Key': 'k' },
      body: form,
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/products/import?mode=preview');
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer t', 'idempotency-key': 'k' });
    expect(xhr.body).toBe(form);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 } as ProgressEvent);
    xhr.status = 200;
    xhr.responseText = '{"data":{"valid":true}}';
    xhr.onload?.();
    const response = await pending;
    expect(progress).toEqual([{ loaded: 25, total: 100, percent: 25 }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('7');
    expect(await response.json()).toEqual({ data: { valid: true } });
  });

  it('fails like fetch on a network error and on abort', async () => {
    const fetchLike = xhrFetch(vi.fn(), () => new FakeXhr() as unknown as XMLHttpRequest);
    const failed = fetchLike('/api/x', { method: 'POST' });
    FakeXhr.last!.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(TypeError);
    const controller = new AbortController();
    const aborted = fetchLike('/api/x', { method: 'POST', signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
