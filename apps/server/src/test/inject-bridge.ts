import { createServer } from 'node:http';
import { readBody } from '../modules/payments/accounts/gateways/shared/form-body';
import type { TestApp } from './test-app';
import { listenOnLoopback } from './loopback';

// The gateway fakes post with fetch to a real address, as the gateways do; the test app answers
// only injected requests. This loopback listener (127.0.0.1, a free port) hands each request to
// the app as it came (method, path, content type, body) and sends back the app's answer.

export interface InjectBridge {
  /** e.g. http://127.0.0.1:41234: a path appended reaches the app's route of that path. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startInjectBridge(t: Pick<TestApp, 'inject'>): Promise<InjectBridge> {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const answer = await t.inject({
        method: (req.method ?? 'GET') as 'GET' | 'POST',
        url: req.url ?? '/',
        headers: req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {},
        ...(body ? { payload: body } : {}),
      });
      const type = answer.headers['content-type'];
      res.writeHead(answer.statusCode, type ? { 'content-type': String(type) } : {});
      res.end(answer.body);
    })();
  });
  return listenOnLoopback(server);
}
