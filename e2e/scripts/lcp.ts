// Measures a page's Largest Contentful Paint on a slow-4G phone, cold cache, several runs.
// Usage: npm run lcp -w e2e -- --url http://127.0.0.1:3000 [--path /login] [--runs 3]
//        [--no-compression] [--budget 2500] [--cpu-slowdown 4]
// Against a running server (npm run build && npm run start -w @kopi/server). --no-compression asks
// for identity encoding, to see what compression saves. Exits 1 when the median is over budget.
import { chromium, type CDPSession } from '@playwright/test';

/** Lighthouse's slow-4G mobile profile: 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4x slower. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  connectionType: 'cellular4g',
} as const;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}
const base = option('url', 'http://127.0.0.1:3000').replace(/\/$/, '');
const pagePath = option('path', '/login');
const runs = Number(option('runs', '3'));
const budgetMs = Number(option('budget', '2500'));
// 4 is the phone; a machine already slower than a desktop (a busy CI box) may want less.
const CPU_SLOWDOWN = Number(option('cpu-slowdown', '4'));
const compression = !process.argv.includes('--no-compression');

interface Lcp {
  time: number;
  element: string;
}

interface Run {
  lcpMs: number;
  element: string;
  bytes: number;
  scriptBytes: number;
  requests: number;
}

/** Bytes on the wire (headers and encoded bodies) per request, from the network domain. */
function countBytes(cdp: CDPSession) {
  const types = new Map<string, string>();
  const totals = { bytes: 0, scriptBytes: 0, requests: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    totals.bytes += e.encodedDataLength;
    totals.requests += 1;
    if (types.get(e.requestId) === 'Script') totals.scriptBytes += e.encodedDataLength;
  });
  return totals;
}

async function measureOnce(): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // A fresh context per run: cold HTTP cache, no cookies, a mid-range phone's screen.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (!compression) {
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    }
    const totals = countBytes(cdp);
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const entry = list.getEntries().at(-1) as
          (PerformanceEntry & { element?: Element | null }) | undefined;
        if (!entry) return;
        const text = (entry.element?.textContent ?? '').trim().slice(0, 40);
        (window as unknown as { __lcp?: Lcp }).__lcp = {
          time: entry.startTime,
          element: `${entry.element?.tagName.toLowerCase() ?? '?'} "${text}"`,
        };
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'load', timeout: 120_000 });
    // On a slowed CPU the network goes quiet well before React paints: wait for a candidate, then
    // for the network to settle, then a moment for a later, larger paint.
    await page.waitForFunction(() => (window as unknown as { __lcp?: Lcp }).__lcp, undefined, {
      timeout: 120_000,
    });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(1000);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp?: Lcp }).__lcp);
    if (!lcp) throw new Error('No largest-contentful-paint entry was reported');
    return { lcpMs: lcp.time, element: lcp.element, ...totals };
  } finally {
    await browser.close();
  }
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
console.log(
  `LCP of ${base}${pagePath}: slow 4G (150 ms RTT, 1.6/0.75 Mbps), CPU ${CPU_SLOWDOWN}x slower, ` +
    `${compression ? 'compression accepted' : 'no compression (Accept-Encoding: identity)'}`,
);
const results: Run[] = [];
for (let i = 1; i <= runs; i++) {
  const run = await measureOnce();
  results.push(run);
  console.log(
    `run ${i}: LCP ${Math.round(run.lcpMs)} ms (${run.element}); ${kB(run.bytes)} in ` +
      `${run.requests} requests, of which JavaScript ${kB(run.scriptBytes)}`,
  );
}
const sorted = results.map((r) => r.lcpMs).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(`median LCP: ${Math.round(median)} ms (budget ${budgetMs} ms)`);
if (median > budgetMs) process.exitCode = 1;
