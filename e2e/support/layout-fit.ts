import type { Locator, Page } from '@playwright/test';

// Whether a page fits its viewport: the document no wider than the window, and every control the
// user may need (a button, a link drawn as a button, an input) whole on the screen. A control cut
// by a card's edge or scrolled out of a sideways-scrolling table cannot be pressed, so both count
// as clipped.

/** What does not fit on the page as it is now, one line each; [] when everything fits. */
export async function layoutProblems(page: Page, within?: Locator): Promise<string[]> {
  const root = within ? await within.elementHandle() : null;
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) {
      problems.push(`document ${scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    // Sub-pixel layout rounds differently in the boxes compared; half a pixel is no cut.
    const slack = 0.5;
    const controls = (scope ?? document).querySelectorAll<HTMLElement>(
      'button, [role="button"], a.MuiButton-root, a.MuiIconButton-root, input, textarea, select',
    );
    const name = (el: HTMLElement) =>
      (
        el.getAttribute('aria-label') ??
        el.getAttribute('data-testid') ??
        el.textContent?.trim() ??
        ''
      ).slice(0, 40) || el.tagName.toLowerCase();
    const where = (el: HTMLElement) => {
      const table = el.querySelector('table');
      const named = el.getAttribute('data-testid') ?? table?.getAttribute('aria-label');
      return named
        ? `"${named}"`
        : `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]}`;
    };
    // Text only for screen readers (a phone table's header row) is clipped on purpose.
    const forScreenReaders = (el: HTMLElement) => {
      for (let at: HTMLElement | null = el; at; at = at.parentElement) {
        const { clip } = getComputedStyle(at);
        if (clip !== 'auto' && clip !== '') return true;
      }
      return false;
    };
    for (const found of controls) {
      // A tab strip scrolls its tabs on purpose; the chosen tab is scrolled into view.
      if (found.getAttribute('role') === 'tab') continue;
      if (found.closest('[aria-hidden="true"], [inert]')) continue;
      if (found instanceof HTMLInputElement && found.type === 'hidden') continue;
      // A switch's or checkbox's input is see-through and wider than the switch drawn for it.
      const control =
        getComputedStyle(found).opacity === '0' && found.parentElement
          ? found.parentElement
          : found;
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || forScreenReaders(control)) continue;
      const label = `${found.tagName.toLowerCase()} "${name(found)}"`;
      if (box.left < -slack || box.right > window.innerWidth + slack) {
        problems.push(`${label} at ${Math.round(box.left)}–${Math.round(box.right)} px`);
        continue;
      }
      for (let el = control.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        const clipsX = style.overflowX !== 'visible';
        const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if (!clipsX && !clipsY) continue;
        const outer = el.getBoundingClientRect();
        const left = outer.left + el.clientLeft;
        const top = outer.top + el.clientTop;
        const cutX =
          clipsX && (box.left < left - slack || box.right > left + el.clientWidth + slack);
        const cutY =
          clipsY && (box.top < top - slack || box.bottom > top + el.clientHeight + slack);
        if (cutX || cutY) {
          problems.push(`${label} cut by ${where(el)}`);
          break;
        }
      }
    }
    // A table wider than its card hides whole columns (a status, an amount) off to the side.
    for (const container of (scope ?? document).querySelectorAll<HTMLElement>(
      '.MuiTableContainer-root',
    )) {
      if (container.scrollWidth > container.clientWidth + 1 && container.checkVisibility()) {
        problems.push(
          `${where(container)} scrolls sideways: ${container.scrollWidth} px in ${container.clientWidth} px`,
        );
      }
    }
    return problems;
  }, root);
}

/**
 * Words that must stay whole and are not: an order's or refund's number broken over two lines
 * ("RF-KL01-" above "000004"), a chip whose words do not fit it (cut to an ellipsis).
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const numbers = /^(?:RF-)?[A-Z]+\d+-\d+$/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!numbers.test(text) || !node.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`number ${text} broken over ${lines.size} lines`);
    }
    for (const label of document.querySelectorAll<HTMLElement>('.MuiChip-label')) {
      if (label.checkVisibility() && label.scrollWidth > label.clientWidth + 1) {
        problems.push(
          `chip "${label.textContent}" cut: ${label.scrollWidth} px in ${label.clientWidth} px`,
        );
      }
    }
    return problems;
  });
}
