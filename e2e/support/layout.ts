import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// Issue #17 items 9, 14 and 17: what the four-width checks look for on any screen.

/** What lies (partly) outside the window horizontally, and every region that scrolls sideways, within `root`. */
export async function horizontalOverflow(page: Page, root = 'main'): Promise<string[]> {
  return page.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of document.querySelectorAll(`${root} *`)) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const interactive = element.matches(
        'button, a[href], input, select, textarea, [role="button"], [role="checkbox"], [role="combobox"], [role="tab"]',
      );
      if (interactive && (box.left < -1 || box.right > width + 1))
        found.push(`${describe(element)} lies outside the window (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (
        /(auto|scroll)/.test(style.overflowX) &&
        element.scrollWidth > element.clientWidth + 1 &&
        element.tagName !== 'TEXTAREA'
      )
        found.push(`${describe(element)} scrolls sideways (${element.scrollWidth} > ${element.clientWidth})`);
    }
    return found;
  }, root);
}

/** axe-core's serious and critical findings (WCAG 2.2 AA rules), one line each. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 4)
          .map(
            (node) =>
              `${node.html.slice(0, 90)} — ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`,
          )
          .join(' | ')}`,
    );
}
