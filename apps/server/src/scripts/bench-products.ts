import { loadGet, printRows, type BenchRow, benchOptions, serverInfo } from './bench-kit';
import { DEMO_SIGN_IN } from './cli-options';

// `npm run bench:products -w @kopi/server -- [--url http://127.0.0.1:3000] [--products 5000]
//   [--clients 5] [--seconds 5] [--username admin]`
// Against a running server with the demo data (start it with a high LOGIN_RATE_LIMIT): signs in,
// brings the user's tenant up to --products products through the import API (one CSV, upsert by
// SKU, so running it again adds nothing), then measures GET /api/products — the first page, a
// filtered page, a search, a deep page and a price sort — with concurrent clients, printing
// p50/p95/p99 latency and requests per second. Loopback only, bounded in time.

const { values, base } = benchOptions('bench:products', {
  ...DEMO_SIGN_IN,
  products: '5000',
  clients: '5',
  seconds: '5',
});

const target = Math.min(Number(values.products), 20_000);
const clients = Math.min(Number(values.clients), 200);
const seconds = Math.min(Number(values.seconds), 30);

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(new URL(path, base), {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const body = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

async function signIn(): Promise<string> {
  const res = await fetch(new URL('/api/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: values.username, password: values.password }),
  });
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  if (!body.data?.token) throw new Error(`sign-in failed: ${res.status} ${body.message ?? ''}`);
  return body.data.token;
}

const TAGS = ['hot', 'iced', 'bestseller', 'vegetarian', 'new', 'spicy'];
const WORDS = ['Kopi', 'Teh', 'Latte', 'Mocha', 'Nasi', 'Roti', 'Kek', 'Matcha', 'Milo', 'Pandan'];

async function productTotal(token: string): Promise<number> {
  const res = await fetch(new URL('/api/products?page_size=5', base), {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { meta: { total: number } }).meta.total;
}

/** Tops the tenant up to `target` products with one import of generated rows. */
async function seed(token: string, categories: { id: string; name_en: string }[]) {
  const current = await productTotal(token);
  const missing = target - current;
  if (missing <= 0) {
    console.log(`The tenant already has ${current} active products; nothing to seed.`);
    return;
  }
  const lines = ['sku,name,category,base_price,discounted_price,barcode,description,status,tags'];
  for (let i = 1; i <= missing; i++) {
    const category = categories[i % categories.length]!.name_en;
    const name = `${WORDS[i % WORDS.length]} bench item ${i}`;
    const price = 300 + ((i * 37) % 3000);
    const discounted = i % 7 === 0 ? (price - 50) / 100 : '';
    const tags = [TAGS[i % TAGS.length], TAGS[(i * 3) % TAGS.length]].join(', ');
    lines.push(
      `BENCH-${String(i).padStart(5, '0')},"${name}","${category}",${(price / 100).toFixed(2)},${discounted === '' ? '' : discounted.toFixed(2)},,,active,"${tags}"`,
    );
  }
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bench.csv');
  const started = performance.now();
  const result = await api<{ created: number; updated: number }>(
    '/api/products/import?mode=commit',
    token,
    { method: 'POST', body: form },
  );
  console.log(
    `Seeded through POST /api/products/import: ${result.created} created, ${result.updated} updated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const measure = (name: string, path: string, token: string) =>
  loadGet({ name, base, path, headers: { authorization: `Bearer ${token}` }, clients, seconds });

async function main() {
  const info = await serverInfo(base);
  const token = await signIn();
  const categories = await api<{ id: string; name_en: string }[]>(
    '/api/categories?page_size=100',
    token,
  );
  if (categories.length === 0) throw new Error('The tenant has no categories to put products in.');
  await seed(token, categories);
  const total = await productTotal(token);
  console.log(
    `\nKopi HQ ${info.version} at ${base.origin} on ${info.database}; ${total} products; ${clients} clients × ${seconds}s per call\n`,
  );
  const deepPage = Math.max(1, Math.floor(total / 25) - 1);
  const category = categories[1] ?? categories[0]!;
  const rows: BenchRow[] = [];
  rows.push(await measure('first page (25, by name)', '/api/products?page_size=25', token));
  rows.push(
    await measure(
      'filtered (category + status + tag)',
      `/api/products?page_size=25&category=${category.id}&status=active&tag=iced`,
      token,
    ),
  );
  rows.push(await measure('search (q=latte)', '/api/products?page_size=25&q=latte', token));
  rows.push(
    await measure(
      `deep page (${deepPage}, by -price)`,
      `/api/products?page_size=25&page=${deepPage}&sort=-price`,
      token,
    ),
  );
  printRows('GET /api/products', rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
