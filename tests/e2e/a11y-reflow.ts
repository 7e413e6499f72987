// The accessibility gate's reflow check (WCAG 1.4.10), beside its other tools in a11y.ts.
import type { Page } from 'playwright-core';
import type { Finding } from './a11y';

/**
 * Reflow (WCAG 1.4.10): at the audited width nothing needs horizontal scrolling, neither the
 * page nor a box inside it. Code and data tables may scroll (two-dimensional content).
 */
export async function reflowFindings(page: Page): Promise<Finding[]> {
  const hits = await page.evaluate(() => {
    const out: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push(`the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px viewport`);
    const name = (el: Element) =>
      el.tagName.toLowerCase() +
      (el.id ? `#${el.id}` : '') +
      [...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('') +
      (el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '');
    for (const el of document.body.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || el.closest('pre, table, dialog:not([open])')) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0 || style.visibility === 'hidden') continue;
      out.push(`${name(el)} scrolls sideways: ${el.scrollWidth}px of content in ${el.clientWidth}px`);
    }
    return out;
  });
  return hits.map((h) => ({
    rule: 'reflow',
    impact: 'serious',
    help: 'Content must not need horizontal scrolling at this width (WCAG 1.4.10)',
    targets: [h],
    summary: h,
  }));
}
