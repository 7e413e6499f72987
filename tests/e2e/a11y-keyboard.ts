// The accessibility gate's keyboard walk (a11y.ts runs it): Tab through a screen, and at every
// focus stop check that the focused control is in view and shows its focus.
import type { Page } from 'playwright-core';
import type { Finding } from './a11y';

/** One stop of a keyboard walk, as the page reports it. */
interface Stop {
  kind: 'element' | 'body' | 'frame';
  label: string;
  repeated: boolean;
  /** the visible box of the control, clipped to the viewport, in CSS px; null when off screen */
  clip: { x: number; y: number; width: number; height: number } | null;
  /** why the control cannot be seen, or null */
  hidden: string | null;
  /** tag, type and classes: controls alike in these are styled alike when focused */
  look: string;
  /** the same element as the previous Tab's: a Tab between the parts of one control (a date-time field) */
  same: boolean;
}

/**
 * Where focus is after a Tab. The browser has already scrolled the element into view (this
 * never scrolls). A visually hidden input (a radio inside its label) counts as its label. The
 * element is hidden when it lies outside the viewport, or when at none of five points inside
 * it (centre, corners inset by 2 px, clipped to the viewport) the topmost element is the
 * control itself or something inside it.
 */
function probeFocus(): Stop {
  const w = window as unknown as { __a11ySeen?: WeakSet<Element>; __a11yLast?: Element | null };
  w.__a11ySeen ??= new WeakSet();
  const seen = w.__a11ySeen;
  const el = document.activeElement;
  const same = el !== null && el !== document.body && w.__a11yLast === el;
  w.__a11yLast = el;
  if (!el || el === document.body || el === document.documentElement)
    return { kind: 'body', label: '<body>', repeated: false, clip: null, hidden: null, look: '', same: false };
  const repeated = seen.has(el);
  seen.add(el);
  const text = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  const html = el as HTMLElement;
  const labelled =
    el.getAttribute('aria-label') ??
    ('labels' in html && (html as HTMLInputElement).labels?.length
      ? text((html as HTMLInputElement).labels![0]!)
      : null) ??
    (el.getAttribute('aria-labelledby')
      ? text(document.getElementById(el.getAttribute('aria-labelledby')!.split(' ')[0]!) ?? el)
      : null) ??
    text(el);
  const label =
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof html.className === 'string' && html.className ? `.${html.className.trim().split(/\s+/)[0]}` : ''}` +
    (labelled ? ` "${labelled.slice(0, 40)}"` : '');
  const look = `${el.tagName}[${el.getAttribute('type') ?? ''}].${typeof html.className === 'string' ? html.className.trim() : ''}`;
  if (el.tagName === 'IFRAME') return { kind: 'frame', label, repeated, clip: null, hidden: null, look, same };

  const own = el.getBoundingClientRect();
  const tiny = own.width < 4 || own.height < 4;
  const box = (tiny ? (el.closest('label') ?? (html as HTMLInputElement).labels?.[0]) : null) ?? el;
  const r = box.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const x1 = Math.max(r.left, 0);
  const y1 = Math.max(r.top, 0);
  const x2 = Math.min(r.right, vw);
  const y2 = Math.min(r.bottom, vh);
  if (x2 - x1 < 1 || y2 - y1 < 1) {
    return {
      kind: 'element',
      label,
      repeated,
      clip: null,
      look,
      same,
      hidden: `entirely outside the viewport (box ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} in ${vw}×${vh})`,
    };
  }
  const ix = Math.min(2, (x2 - x1) / 2);
  const iy = Math.min(2, (y2 - y1) / 2);
  const points: Array<[number, number]> = [
    [(x1 + x2) / 2, (y1 + y2) / 2],
    [x1 + ix, y1 + iy],
    [x2 - ix, y1 + iy],
    [x1 + ix, y2 - iy],
    [x2 - ix, y2 - iy],
  ];
  const coverers: string[] = [];
  let visible = false;
  for (const [x, y] of points) {
    const hit = document.elementFromPoint(x, y);
    if (hit && (el.contains(hit) || box.contains(hit))) {
      visible = true;
      break;
    }
    const cover = hit?.closest('[class]') ?? hit;
    coverers.push(
      cover
        ? `${cover.tagName.toLowerCase()}${cover instanceof HTMLElement && typeof cover.className === 'string' && cover.className ? `.${cover.className.trim().split(/\s+/).join('.')}` : ''}`
        : 'nothing',
    );
  }
  const m = 4;
  const clip = {
    x: Math.max(0, r.left - m),
    y: Math.max(0, r.top - m),
    width: Math.min(vw, r.right + m) - Math.max(0, r.left - m),
    height: Math.min(vh, r.bottom + m) - Math.max(0, r.top - m),
  };
  return {
    kind: 'element',
    label,
    repeated,
    clip,
    look,
    same,
    hidden: visible ? null : `covered by ${[...new Set(coverers)].join(', ')}`,
  };
}

/**
 * Takes focus away from the focused element (blur) or gives it back (as keyboard focus), and
 * lets every CSS transition run to its end, so what is painted next is the settled look.
 */
function toggleFocus(mode: 'blur' | 'focus'): boolean {
  const w = window as unknown as { __a11yFocused?: HTMLElement | null };
  if (mode === 'blur') {
    w.__a11yFocused = document.activeElement as HTMLElement | null;
    w.__a11yFocused?.blur();
  } else {
    w.__a11yFocused?.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
  }
  for (const a of document.getAnimations()) {
    if (a instanceof CSSTransition) a.finish();
  }
  return mode === 'blur' || (w.__a11yFocused?.matches(':focus-visible') ?? false);
}

interface WalkResult {
  stops: number;
  /** why the walk stopped */
  end: string;
  findings: Finding[];
}

/**
 * Tabs through the page from its top, as a keyboard user does, up to `maxTabs` times or until
 * focus comes back to an element it already reached. After every Tab the focused control must be
 * in view and not covered (WCAG 2.4.11) and must look different from when it is not focused
 * (WCAG 2.4.7): a screenshot of its box with a small margin, focused vs. blurred, must differ.
 * That comparison is made once per look (tag, type and classes) in a walk: controls alike in
 * those get the same focus style, and the screenshots are most of a walk's time.
 */
export async function keyboardWalk(page: Page, options: { maxTabs?: number } = {}): Promise<WalkResult> {
  const maxTabs = options.maxTabs ?? 150;
  await page.evaluate(() => {
    const w = window as unknown as { __a11ySeen?: WeakSet<Element>; __a11yLast?: Element | null };
    w.__a11ySeen = new WeakSet();
    w.__a11yLast = null;
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    // start sequential navigation at the top of the document
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.dataset.a11yStart = '';
    document.body.prepend(start);
    start.focus({ preventScroll: true });
  });
  const findings: Finding[] = [];
  const shown = new Set<string>();
  let stops = 0;
  let bodies = 0;
  let end = `${maxTabs} Tabs`;
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    if (i === 0) await page.evaluate(() => document.querySelector('[data-a11y-start]')?.remove());
    const stop = await page.evaluate(probeFocus);
    if (stop.kind === 'body') {
      if (++bodies > 1) {
        end = 'focus left the page twice';
        break;
      }
      continue;
    }
    // Tab moves between the parts of a date-time field without leaving it: the same stop
    if (stop.same) continue;
    if (stop.repeated) {
      end = `focus came back to ${stop.label}`;
      break;
    }
    stops += 1;
    if (stop.kind === 'frame') continue;
    if (stop.hidden || !stop.clip) {
      findings.push({
        rule: 'focus-not-obscured',
        impact: 'serious',
        help: 'The focused element is at least partly visible, never hidden under other content (WCAG 2.4.11)',
        targets: [stop.label],
        summary: `Tab ${i + 1}: ${stop.label} is ${stop.hidden ?? 'not on screen'}`,
      });
      continue;
    }
    if (shown.has(stop.look)) continue;
    const shotOpts = { clip: stop.clip, animations: 'disabled' as const, caret: 'hide' as const };
    const focused = await page.screenshot(shotOpts);
    await page.evaluate(toggleFocus, 'blur' as const);
    const blurred = await page.screenshot(shotOpts);
    const back = await page.evaluate(toggleFocus, 'focus' as const);
    if (focused.equals(blurred)) {
      findings.push({
        rule: 'focus-visible',
        impact: 'serious',
        help: 'Keyboard focus changes how the element looks (WCAG 2.4.7)',
        targets: [stop.label],
        summary: `Tab ${i + 1}: ${stop.label} looks the same focused and not focused`,
      });
    }
    if (!focused.equals(blurred) && back) shown.add(stop.look);
    if (!back) {
      findings.push({
        rule: 'focus-visible',
        impact: 'serious',
        help: 'Keyboard focus changes how the element looks (WCAG 2.4.7)',
        targets: [stop.label],
        summary: `Tab ${i + 1}: ${stop.label} does not match :focus-visible when focused again`,
      });
    }
  }
  return { stops, end, findings };
}
