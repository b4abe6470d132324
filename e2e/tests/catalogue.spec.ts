import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { accessToken, signIn } from '../support/session';

// The product catalogue as an admin uses it: categories, variant groups, add-ons, products,
// images, outlet settings and the CSV import. Names carry a timestamp so reruns on the same
// database never collide.

const stamp = `${Date.now().toString(36)}`.toUpperCase();
// A 1×1 transparent PNG, made in the test (no fixture file).
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks an option of an MUI select opened by its display element. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function searchProducts(page: Page, text: string) {
  const search = page.getByTestId('products-table').getByRole('searchbox', { name: 'Search' });
  await search.fill(text);
}

/** Ticks a product's row, then runs a bulk action on it and confirms. */
async function bulkAction(page: Page, row: Locator, product: string, action: 'disable' | 'enable') {
  await row.getByRole('checkbox', { name: `Select ${product}` }).check();
  await page.getByTestId(`bulk-${action}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
}

test('an admin builds a product with a category, a variant group, an add-on and an image, finds it, and sells it out at one outlet', async ({
  page,
}) => {
  // Eight screens and three reloads: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const category = `Kopi Lab ${stamp}`;
  const product = `Kopi Gula Apong ${stamp}`;
  const sku = `E2E-${stamp}`;
  const group = `Cup ${stamp}`;
  const addon = `Foam ${stamp}`;

  await signIn(page, 'admin');

  // The category, from the menu's Product section.
  await page.goto('/product/category');
  await page.getByTestId('category-add').click();
  await expect(page).toHaveURL(/\/product\/category-list$/);
  await page.getByLabel('Name (English)').fill(category);
  await page.getByLabel('Name (Melayu)').fill(`Makmal Kopi ${stamp}`);
  await page.getByTestId('category-image-input').setInputFiles({
    name: 'category.png',
    mimeType: 'image/png',
    buffer: onePixelPng,
  });
  await page.getByTestId('category-submit').click();
  await expect(page).toHaveURL(/\/product\/category$/);
  const rows = page.getByTestId('category-row');
  await expect(rows.last().getByTestId('category-name')).toHaveText(category);
  await expect(rows.last().getByRole('img', { name: category, exact: true })).toBeVisible();

  // Reorder: one place up, kept after a reload.
  const count = await rows.count();
  // The list moves at once (optimistic); reload only after the server kept it, or the reload
  // can cancel the save still in flight on a busy machine.
  const moved = page.waitForResponse(
    (r) => r.url().endsWith('/api/categories/order') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: `Move ${category} up` }).click();
  await expect(rows.nth(count - 2).getByTestId('category-name')).toHaveText(category);
  expect((await moved).status()).toBe(200);
  await page.reload();
  await expect(rows.nth(count - 2).getByTestId('category-name')).toHaveText(category);
  // And by dragging its handle onto a row two places higher (both in view).
  // Bounded: a drop the page did not take fails here, not at the test's timeout.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/categories/order') && r.request().method() === 'PUT',
    { timeout: 15_000 },
  );
  await rows.nth(count - 2).scrollIntoViewIfNeeded();
  await rows
    .nth(count - 2)
    .getByTestId('category-drag-handle')
    .dragTo(rows.nth(count - 4));
  expect((await saved).status()).toBe(200);
  await expect(rows.nth(count - 4).getByTestId('category-name')).toHaveText(category);

  // The product form: information, pricing, a new variant group, a new add-on, an image.
  await page.goto('/product/list');
  await page.getByTestId('product-add').click();
  await expect(page).toHaveURL(/\/product\/add$/);
  await page.getByLabel('Name', { exact: true }).fill(product);
  await page.getByLabel('SKU').fill(sku);
  await choose(page, page.getByTestId('product-category'), category);
  await page.getByLabel('Description').fill('Kopi with palm sugar, a Penang favourite');
  await page.getByTestId('product-tags').fill('e2e');
  await page.getByTestId('product-tags').press('Enter');
  await page.getByLabel('Base price').fill('12.50');
  await page.getByLabel('Discounted price').fill('10.90');

  await page.getByTestId('product-new-variant').click();
  const groupDialog = page.getByTestId('variant-group-dialog');
  await groupDialog.getByLabel('Variant name', { exact: true }).fill(group);
  await groupDialog.getByLabel('Option name', { exact: true }).nth(0).fill('Small');
  await groupDialog.getByTestId('variant-group-add-option').click();
  await groupDialog.getByLabel('Option name', { exact: true }).nth(1).fill('Big');
  await groupDialog.getByLabel('Price difference').nth(1).fill('2.00');
  await groupDialog.getByTestId('variant-group-save').click();
  await expect(groupDialog).toBeHidden();
  const attachedGroup = page.getByTestId('product-variant-group').filter({ hasText: group });
  await expect(attachedGroup.getByRole('row', { name: /Big/ })).toContainText('+RM');
  await expect(attachedGroup.getByRole('row', { name: /Big/ })).toContainText('2.00');

  await page.getByTestId('product-new-addon').click();
  const addonDialog = page.getByTestId('addon-dialog');
  await addonDialog.getByLabel('Add-on name', { exact: true }).fill(addon);
  await addonDialog.getByLabel('Price').fill('1.50');
  await addonDialog.getByTestId('addon-save').click();
  await expect(addonDialog).toBeHidden();
  await expect(page.getByTestId('product-addon').filter({ hasText: addon })).toBeVisible();

  await page.getByTestId('product-image-input').setInputFiles({
    name: 'kopi.png',
    mimeType: 'image/png',
    buffer: onePixelPng,
  });
  await expect(page.getByTestId('product-image')).toHaveCount(1);

  await page.getByTestId('product-save').click();
  // Saved first, then the image goes up; the edit page shows what the server keeps.
  await expect(page).toHaveURL(/\/product\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('product-image')).toHaveCount(1);
  await expect(page.getByTestId('product-image')).toHaveAttribute('data-main', 'true');
  await expect(page.getByTestId('product-variant-group').filter({ hasText: group })).toBeVisible();
  await expect(page.getByTestId('product-addon').filter({ hasText: addon })).toBeVisible();

  // Sold out today at one outlet, with one tap.
  const kl = page.locator('[data-testid=product-outlet-row][data-outlet="Kuala Lumpur"]');
  // The switch moves at once (optimistic); reload only after the server kept it.
  const markedSoldOut = page.waitForResponse(
    (r) => r.url().endsWith('/sold-out') && r.request().method() === 'PUT',
  );
  await kl.getByTestId('outlet-sold-out').check();
  await expect(kl.getByTestId('outlet-sold-out')).toBeChecked();
  expect((await markedSoldOut).status()).toBe(200);
  await page.reload();
  await expect(kl.getByTestId('outlet-sold-out')).toBeChecked();

  // Found with search and filters, sold out at Kuala Lumpur only.
  await page.goto('/product/list');
  await searchProducts(page, stamp);
  const row = page.getByTestId('products-table').getByRole('row').filter({ hasText: product });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('product-price')).toContainText('10.90');
  await expect(row.getByRole('img', { name: product, exact: true })).toBeVisible();
  const soldOut = row.locator('[data-testid=product-outlet][data-sold-out=true]');
  await expect(soldOut).toHaveCount(1);
  await expect(soldOut).toContainText('Kuala Lumpur');

  await searchProducts(page, '');
  await choose(page, page.getByTestId('filter-category'), category);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('products-table').getByTestId('product-name')).toHaveCount(1);
  await page.getByTestId('filter-tag').fill('e2e');
  await expect(row).toHaveCount(1);
  await page.getByTestId('filter-tag').fill('no-such-tag');
  await expect(page.getByTestId('products-table-empty')).toBeVisible();
  await page.getByTestId('filter-tag').fill('');
  await choose(page, page.getByTestId('filter-outlet'), 'Penang');
  await expect(row).toHaveCount(1);

  // Bulk disable, then enable again, each after a confirmation.
  await bulkAction(page, row, product, 'disable');
  await expect(row.locator('[data-flag=off]')).toBeVisible();
  await choose(page, page.getByTestId('filter-status'), 'Disabled');
  await expect(row).toHaveCount(1);
  await bulkAction(page, row, product, 'enable');
  await expect(page.getByTestId('products-table-empty')).toBeVisible();

  // A category with products cannot be deleted: the screen says why and offers to disable it.
  await page.goto('/product/category');
  await page.getByRole('button', { name: `Delete ${category}` }).click();
  await expect(page.getByTestId('category-blocked-reason')).toContainText('cannot be deleted');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The library shows where the new group and add-on are used.
  await page.goto('/product/variant-addon');
  const groupRow = page.getByRole('row').filter({ hasText: group });
  await expect(groupRow.getByTestId('used-by')).toContainText(product);
  await page.getByTestId('library-tab-addons').click();
  await expect(
    page.getByRole('row').filter({ hasText: addon }).getByTestId('used-by'),
  ).toContainText(product);
});

test.describe('the server says no', () => {
  test.use({ expectedHttpStatuses: [400] });

  test('a duplicate SKU is marked on the SKU field with the server reason', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/product/add');
    await page.getByLabel('Name', { exact: true }).fill(`Duplicate ${stamp}`);
    // A SKU of the demo menu.
    await page.getByLabel('SKU').fill('KOP-001');
    await choose(page, page.getByTestId('product-category'), /^Kopi$/);
    await page.getByLabel('Base price').fill('3.00');
    await page.getByLabel('Discounted price').fill('4.00');
    await page.getByTestId('product-save').click();
    // The contract's rule first, in the browser: the discount must be lower.
    await expect(
      page.getByText('The discounted price must be lower than the base price'),
    ).toBeVisible();
    await page.getByLabel('Discounted price').fill('');
    await page.getByTestId('product-save').click();
    await expect(page.getByText('Another product already uses this SKU').first()).toBeVisible();
    await expect(page.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/product\/add$/);
  });
});

test('an admin imports a CSV: a bad row is reported with its row number, the fixed file imports', async ({
  page,
}) => {
  const header = 'sku,name,category,base_price,discounted_price,barcode,description,status,tags';
  const good = `CSV-${stamp}-1,Teh Halia ${stamp},Teh,5.50,,,Ginger tea,active,hot`;
  const bad = `CSV-${stamp}-2,Kopi Peng Besar ${stamp},Kopi,abc,,,,active,iced`;
  const fixed = `CSV-${stamp}-2,Kopi Peng Besar ${stamp},Kopi,6.80,,,,active,iced`;
  const csv = (...rows: string[]) => Buffer.from(`${[header, ...rows].join('\n')}\n`, 'utf8');

  await signIn(page, 'admin');
  await page.goto('/product/list');
  await page.getByTestId('product-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-input').setInputFiles({
    name: 'menu.csv',
    mimeType: 'text/csv',
    buffer: csv(good, bad),
  });
  await expect(dialog.getByTestId('import-result')).toHaveAttribute('data-valid', 'false');
  const error = dialog.getByTestId('import-error');
  await expect(error).toHaveCount(1);
  await expect(error.getByTestId('import-error-row')).toHaveText('3');
  await expect(error).toContainText('base_price');
  await expect(error.getByTestId('import-error-message')).toHaveText(
    'Enter a price in ringgit, e.g. 12.50',
  );
  await expect(dialog.getByTestId('import-preview-row')).toHaveCount(2);
  await expect(dialog.getByTestId('import-commit')).toBeDisabled();

  await dialog.getByTestId('import-input').setInputFiles({
    name: 'menu-fixed.csv',
    mimeType: 'text/csv',
    buffer: csv(good, fixed),
  });
  await expect(dialog.getByTestId('import-result')).toHaveAttribute('data-valid', 'true');
  await expect(dialog.getByTestId('import-summary')).toContainText('2 to create');
  await dialog.getByTestId('import-commit').click();
  await expect(dialog).toBeHidden();

  await searchProducts(page, stamp);
  const table = page.getByTestId('products-table');
  await expect(table.getByText(`Kopi Peng Besar ${stamp}`)).toBeVisible();
  await expect(table.getByText(`Teh Halia ${stamp}`)).toBeVisible();

  // Exported in the same format, with the list's filters.
  await page.getByTestId('product-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('product-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{8}\.csv$/);
  const exported = (await (await file.createReadStream()).toArray()).join('');
  expect(exported.split('\n')[0]).toContain('sku,name,category,base_price');
  expect(exported).toContain(`CSV-${stamp}-2`);
  expect(exported).toContain(`CSV-${stamp}-1`);

  // Never sold: one is archived (kept, out of the list), the other deleted for good.
  const archived = table.getByRole('row').filter({ hasText: `Teh Halia ${stamp}` });
  await archived.getByTestId('product-more').click();
  await page.getByTestId('product-archive').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(archived).toHaveCount(0);
  const deleted = table.getByRole('row').filter({ hasText: `Kopi Peng Besar ${stamp}` });
  await deleted.getByTestId('product-more').click();
  await page.getByTestId('product-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('never been sold');
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(deleted).toHaveCount(0);
  await choose(page, page.getByTestId('filter-status'), /^Archived$/);
  await expect(archived).toHaveCount(1);
  await expect(archived.locator('[data-flag=archived]')).toBeVisible();

  // A product sold before (the demo orders) can only be archived: the server's reason is shown.
  const res = await page.request.get('/api/products?page_size=100', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  const sold = ((await res.json()).data as { name: string; has_sales: boolean }[]).find(
    (p) => p.has_sales,
  );
  expect(sold, 'a demo product with orders').toBeDefined();
  await choose(page, page.getByTestId('filter-status'), 'All but archived');
  await searchProducts(page, sold!.name);
  const soldRow = table.getByRole('row').filter({ hasText: sold!.name }).first();
  await soldRow.getByTestId('product-more').click();
  await page.getByTestId('product-delete').click();
  await expect(page.getByTestId('product-blocked-reason')).toHaveText(
    'This product has been sold before and cannot be deleted. Archive it instead.',
  );
  await expect(page.getByTestId('confirm-dialog-confirm')).toHaveText('Archive instead');
  await page.getByRole('button', { name: 'Cancel' }).click();
});
