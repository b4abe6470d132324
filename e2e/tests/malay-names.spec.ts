import { expect, test } from '../fixtures';
import { chooseLanguage, restoreEnglish, signIn } from '../support/session';
import { openShiftIfAsked } from '../support/shifts';

// The counter in Malay at 1024×768: product tiles, the options dialog and the cart name things
// in Malay (Kopi Ais, Saiz: Besar), and in English where a product has no Malay name (Kopi O).

test.use({ viewport: { width: 1024, height: 768 } });

test.afterEach(async ({ browser }) => {
  // The language is saved for the user: give the other journeys their English back.
  await restoreEnglish(browser, 'admin');
});

test('the POS in Malay shows Malay product, option and add-on names', async ({ page }) => {
  await signIn(page, 'admin');
  await chooseLanguage(page, 'my');
  await page.goto('/pos');
  await openShiftIfAsked(page);
  const peng = page.getByTestId('pos-product-KOP-004');
  await expect(peng).toContainText('Kopi Ais');
  await expect(peng).not.toContainText('Kopi Peng');
  await expect(page.getByTestId('pos-product-KOP-002')).toContainText('Kopi O');

  // A long press opens the options (a tap adds the standard drink).
  await peng.click({ delay: 800 });
  const dialog = page.getByTestId('pos-options-dialog');
  await expect(dialog).toContainText('Kopi Ais');
  for (const [group, option] of [
    ['Saiz', 'Besar'],
    ['Tahap gula', 'Kurang'],
  ] as const) {
    await dialog
      .getByRole('radiogroup', { name: group })
      .getByRole('radio', { name: option })
      .check();
  }
  await dialog.getByRole('button', { name: 'Tambah ke troli' }).click();
  await expect(dialog).toBeHidden();

  const line = page.getByTestId('pos-cart-line');
  await expect(line.getByTestId('pos-cart-line-name')).toHaveText('Kopi Ais');
  await expect(line).toContainText('Besar');
  await expect(line).toContainText('Kurang');
});

test('the product list in Malay names a product in Malay, its English name beneath', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await chooseLanguage(page, 'my');
  await page.goto('/product/list');
  await page.getByTestId('products-table').getByRole('searchbox').fill('Kopi Ais');
  const row = page.getByRole('row').filter({ hasText: 'KOP-004' });
  await expect(row.getByTestId('product-name')).toHaveText('Kopi Ais');
  await expect(row.getByTestId('product-name-en')).toHaveText('Kopi Peng');
});
