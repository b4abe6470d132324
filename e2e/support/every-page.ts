import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accessToken } from './session';

// Every page of the back office, by who opens it: the platform's own pages (superadmin), and a
// business's (admin, who may open them all), details pages on a record of the demo data.

export const platformPages = ['/tenant', '/ge/features', '/ge/content-text', '/ge/payment-gateway'];

/** The first record's id of a list the page's session may read. */
async function firstId(page: Page, list: string) {
  const token = await accessToken(page);
  const res = await page.request.get(`/api${list}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()).data as { id: string }[])[0]!.id;
}

/** A business's pages, as its admin opens them (signed in on `page`). */
export async function businessPages(page: Page) {
  const [order, customer, refund, product, user] = await Promise.all(
    ['/orders', '/customers', '/refunds', '/products', '/users'].map((list) =>
      firstId(page, `${list}?page_size=5`),
    ),
  );
  return [
    '/dashboard',
    '/order/list',
    `/order/details/${order}`,
    '/app/status-order',
    '/pos',
    '/product/list',
    '/product/add',
    `/product/edit/${product}`,
    '/product/category',
    '/product/category-list',
    '/product/variant-addon',
    '/outlet',
    '/outlet/time-management',
    '/customer/list',
    `/customer/details/${customer}`,
    '/customer/membership',
    '/customer/referral',
    '/customer/wallet',
    '/refund/list',
    `/refund/details/${refund}`,
    '/shift/list',
    '/report',
    '/voucher',
    '/voucher-campaign',
    '/voucher/rewards',
    '/user-app/banner',
    '/user-app/enable-disable',
    '/user-app/content-text',
    '/ge/payment-gateway',
    '/ge/payment-gateway/reconciliation',
    '/settings/user',
    `/settings/user/view/${user}`,
    '/settings/role',
    '/settings/permissions',
    '/settings/menu',
    '/settings/logs',
    '/tenant/business-settings',
    '/account-settings/account',
    '/account-settings/security',
    '/account-settings/preferences',
    '/access-control',
    '/not-authorized',
    '/pages/misc/not-found/nothing-here',
  ];
}

/** Opens `path` and waits until it has settled: its data loaded, its lazy parts drawn. */
export async function openSettled(page: Page, path: string) {
  await page.goto(path);
  // The page's heading is drawn once its route has loaded.
  await page.locator('h1').first().waitFor();
  // No loading placeholder left (a page's skeleton, a card still waiting for its data).
  await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * Opens `path` inside the running app, as its menu does, without loading the app again, and waits
 * until it has settled: a heading of the new page, no placeholder left. A walk through every page
 * takes half the time it takes with `openSettled`. A page that cannot be told from the one before
 * (the same title, its heading kept by React) is loaded afresh.
 */
export async function openSettledInApp(page: Page, path: string) {
  const before = await page.evaluate((to) => {
    if (location.pathname === to) return null;
    // The page now on screen: its headings are marked, its title kept.
    for (const h of document.querySelectorAll('h1')) h.dataset.left = '';
    const title = document.title;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return title;
  }, path);
  if (before !== null) {
    const drawn = await page
      .waitForFunction(
        (old) => {
          const h1 = document.querySelector('h1');
          return h1 !== null && (!('left' in h1.dataset) || document.title !== old);
        },
        before,
        { timeout: 5_000 },
      )
      .then(() => true)
      .catch(() => false);
    if (!drawn) return openSettled(page, path);
  }
  await page.locator('h1').first().waitFor();
  await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * axe-core's serious and critical violations on the page as it is, one line each: every rule, or
 * only the `rules` named.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]) {
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules([...rules]) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
