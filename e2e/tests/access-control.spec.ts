import type { Locator, Page } from '@playwright/test';
import { expect, test, watchConsole } from '../fixtures';
import { signIn } from '../support/session';

// Users, roles and the audit log, as an admin uses them. The admin makes a "Barista"
// role with only the status board and the POS and a user holding it; the barista signs in in a
// second browser context (temporary password first), sees only those pages and is refused
// others; the admin disables the barista, whose page lands on the sign-in page at once; the log
// shows what happened with before and after. Names carry a timestamp so reruns never collide.

const stamp = Date.now().toString(36);

/** Picks an option of an MUI select opened by its display element. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('an admin gives a barista only the status board and the POS, then disables them, and the log shows both', async ({
  page,
  browser,
}) => {
  // Two browsers and a dozen screens: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const roleName = `Barista ${stamp}`;
  const username = `barista.${stamp}`;
  const fullname = `Nur Barista ${stamp}`;
  const temporary = `Temp@${stamp}1`;
  const chosen = `Kopi@${stamp}9`;

  await signIn(page, 'admin');

  // The role: four boxes of the matrix (view/edit the status board, view/sell at the POS).
  await page.goto('/settings/role');
  await page.getByTestId('role-add').click();
  const dialog = page.getByTestId('role-dialog');
  await dialog.getByLabel('Role name', { exact: true }).fill(roleName);
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('Makes drinks and takes counter orders');
  for (const box of [
    'View the order status board',
    'Edit the order status board',
    'View the point of sale',
    'Create the point of sale',
  ]) {
    await dialog.getByRole('checkbox', { name: box, exact: true }).check();
  }
  await expect(
    dialog.getByRole('checkbox', { name: 'Every permission of Order status board' }),
  ).toHaveAttribute('aria-checked', 'mixed');
  await expect(dialog.getByTestId('role-selected-count')).toHaveText('4 permissions selected');
  await dialog.getByTestId('role-save').click();
  await expect(dialog).toBeHidden();
  const card = page.locator(`[data-testid=role-card][data-role="${roleName}"]`);
  await expect(card.getByTestId('role-user-count')).toHaveText('0 users');
  await expect(card).toContainText('4 permissions');

  // The user: bound to Kuala Lumpur, with a temporary password changed at the first sign-in.
  await page.goto('/settings/user');
  await page.getByTestId('user-add').click();
  const drawer = page.getByTestId('user-drawer');
  await drawer.getByLabel('Username').fill(username);
  await drawer.getByLabel('Full name').fill(fullname);
  await choose(page, drawer.getByTestId('user-role'), roleName);
  await choose(page, drawer.getByTestId('user-outlet'), 'Kuala Lumpur (KL01)');
  await drawer.getByLabel('Set a temporary password').check();
  await drawer.getByLabel('Temporary password', { exact: true }).fill(temporary);
  await drawer.getByTestId('user-save').click();
  await expect(drawer).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
  const row = page.getByTestId('user-row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(roleName);
  await expect(row).toContainText('Kuala Lumpur');
  await expect(row.locator('[data-flag=on]')).toBeVisible();
  const userId = (await row.getByTestId('user-name').getAttribute('href'))!.split('/').pop()!;

  // The barista, in a browser of their own: the temporary password first, then their pages.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const barista = await other.newPage();
  const errors: string[] = [];
  // The next step after being disabled is refused with 401 on purpose.
  watchConsole(barista, errors, [401]);
  await barista.goto('/login');
  await barista.getByLabel('Username').fill(username);
  await barista.getByLabel('Password', { exact: true }).fill(temporary);
  await barista.getByTestId('login-submit').click();
  await expect(barista).toHaveURL(/\/change-password\?to=/);
  await barista.getByLabel('Temporary password', { exact: true }).fill(temporary);
  await barista.getByLabel('New password', { exact: true }).fill(chosen);
  await barista.getByLabel('Confirm new password').fill(chosen);
  await barista.getByTestId('forced-change-password-submit').click();
  // Without the dashboard, home is the first page of the menu: the POS.
  await expect(barista).toHaveURL(/\/pos$/);

  await barista.goto('/app/status-order');
  await expect(barista.getByTestId('layout-default')).toHaveAttribute('data-live', 'open');
  await expect(barista.getByTestId('vertical-nav').getByRole('link')).toHaveText([
    'POS',
    'Status Order',
  ]);
  await barista.goto('/settings/user');
  await expect(barista).toHaveURL(/\/not-authorized$/);
  await expect(barista.getByTestId('not-authorized-page')).toBeVisible();
  await barista.goto('/app/status-order');
  await expect(barista.getByTestId('layout-default')).toHaveAttribute('data-live', 'open');

  // The admin disables the barista: every session ends at once.
  await row.getByTestId('user-more').click();
  await page.getByTestId('user-action-disable').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`Disable ${fullname}?`);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast-success')).toContainText('User disabled. 1 session ended.');
  await expect(row.locator('[data-flag=off]')).toBeVisible();

  // The barista's page does not wait for a next step: the server closes its live socket at once,
  // the renewal is refused, and it lands on the sign-in page; any next step stays there.
  await expect(barista).toHaveURL(/\/login\?to=%2Fapp%2Fstatus-order$/);
  await expect(barista.getByTestId('login-submit')).toBeVisible();
  await barista.goto('/pos');
  await expect(barista).toHaveURL(/\/login\?to=%2Fpos$/);
  expect(errors, 'console errors in the barista’s browser').toEqual([]);
  await other.close();

  // The log: the user's record was created and disabled, each with before and after.
  await page.goto(`/settings/logs?entity=user&entity_id=${userId}`);
  const actions = page.getByTestId('logs-table').getByTestId('log-action');
  // Actions read as words; the code stays on the element for the filter links.
  await expect(actions.first()).toHaveText('User disabled');
  await expect(actions.first()).toHaveAttribute('data-action', 'user.disable');
  await expect(actions).toContainText(['User disabled', 'Password changed', 'User created']);
  // Each row names the user as staff know them, not by id.
  await expect(page.getByTestId('logs-table').getByTestId('audit-record').first()).toHaveText(
    `User ${username}`,
  );

  await page
    .getByTestId('log-row')
    .filter({ hasText: 'User disabled' })
    .getByTestId('log-open')
    .click();
  const detail = page.getByTestId('log-detail');
  await expect(detail.getByTestId('log-detail-action')).toHaveText('User disabled');
  const status = detail.getByTestId('audit-diff-row').filter({ hasText: 'Status' });
  await expect(status).toHaveAttribute('data-kind', 'changed');
  await expect(status.getByRole('cell')).toHaveText(['StatusChanged', 'active', 'disabled']);
  await detail.getByRole('button', { name: 'Close' }).click();

  await page
    .getByTestId('log-row')
    .filter({ hasText: 'User created' })
    .getByTestId('log-open')
    .click();
  await expect(detail.getByTestId('log-detail-action')).toHaveText('User created');
  await expect(
    detail.getByTestId('audit-diff-row').filter({ hasText: 'Username' }).getByRole('cell'),
  ).toHaveText(['UsernameAdded', '—', username]);
  // The role and the outlet read as their names, not their ids.
  await expect(
    detail.getByTestId('audit-diff-row').filter({ hasText: 'RoleAdded' }).getByRole('cell'),
  ).toHaveText(['RoleAdded', '—', roleName]);
  await expect(
    detail.getByTestId('audit-diff-row').filter({ hasText: 'OutletAdded' }).getByRole('cell'),
  ).toHaveText(['OutletAdded', '—', 'Kuala Lumpur']);
  await detail.getByRole('button', { name: 'Close' }).click();

  // And the role's creation, with the four permissions it was given.
  await page.goto('/settings/logs?action=role.create');
  await page.getByTestId('log-row').first().getByTestId('log-open').click();
  await expect(detail.getByTestId('log-detail-action')).toHaveText('Role created');
  await expect(detail.getByTestId('audit-diff-row').filter({ hasText: roleName })).toHaveCount(1);
  await expect(
    detail.getByTestId('audit-diff-row').filter({ hasText: 'Permissions' }).getByRole('cell'),
  ).toHaveText([
    'PermissionsAdded',
    '—',
    'create-pos, read-pos, read-status-order, update-status-order',
  ]);
});
