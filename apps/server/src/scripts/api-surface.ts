// Prints the API's surface: the OpenAPI document and every route with its declared access, as one
// JSON document. Two builds are the same API when their outputs are the same:
//   npx tsx src/scripts/api-surface.ts > /tmp/before.json   (then after a change: diff the two)
import { createTestApp } from '../test/test-app';

const t = await createTestApp({ seedDemo: false });
try {
  await t.app.ready();
  const routes = t.routes
    .map((route) => `${route.method} ${route.url} ${JSON.stringify(route)}`)
    .sort();
  const openapi = (t.app as unknown as { swagger: () => unknown }).swagger();
  process.stdout.write(`${JSON.stringify({ routes, openapi }, null, 2)}\n`);
} finally {
  await t.close();
}
