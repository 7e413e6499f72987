// The accessibility gate's tools (WCAG 2.2 AA): axe-core run inside the page, a reflow check,
// a focus-in-dialog check and a keyboard walk: every focus stop in view, and focus visible on each kind of control.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { ImpactValue, RunOptions } from 'axe-core';
import { keyboardWalk } from './a11y-keyboard';
import { reflowFindings } from './a11y-reflow';
import { DESKTOP, openBrowser } from './browser';

export const WIDTHS = [375, 1280] as const;
type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 375: 812, 1280: 800 };

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** Impacts that fail the gate; 'minor' findings are printed only. */
const BLOCKING: ReadonlySet<string> = new Set(['critical', 'serious', 'moderate']);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function setWidth(page: Page, width: Width): Promise<void> {
  const now = page.viewportSize();
  if (now?.width !== width) await page.setViewportSize({ width, height: HEIGHT[width] });
}

/**
 * Waits until nothing moves: fonts and images loaded, finite CSS animations and transitions (a
 * dialog sliding in, a fade) finished, two frames painted. Looping animations (spinners) are ignored.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // images still loading move what is around them when they arrive: wait for each eager one
    // to load or fail, however long a busy machine takes (an image that never answers fails the
    // test by its timeout). A lazy image counts too once it is rendered near the viewport
    // (Chromium fetches those at once): its arrival moves the rows below it just the same; lazy
    // ones far away or not rendered never load.
    const near = (img: HTMLImageElement): boolean => {
      if (img.getClientRects().length === 0) return false;
      const box = img.getBoundingClientRect();
      return box.top < innerHeight + 600 && box.bottom > -600;
    };
    const loading = [...document.images].filter((img) => !img.complete && (img.loading !== 'lazy' || near(img)));
    await Promise.all(
      loading.map(
        (img) =>
          new Promise((r) => {
            img.addEventListener('load', r, { once: true });
            img.addEventListener('error', r, { once: true });
          }),
      ),
    );
    const deadline = performance.now() + 3000;
    for (;;) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
      if (running.length === 0 || performance.now() > deadline) break;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, 500)),
      ]);
    }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

export interface Finding {
  rule: string;
  impact: ImpactValue;
  help: string;
  targets: string[];
  summary: string;
}

export interface AuditReport {
  state: string;
  width: number;
  /** axe: the number of rules that passed; a keyboard walk: the focus stops it checked */
  passes: number;
  kind: 'axe' | 'keyboard';
  findings: Finding[];
}

interface AxeLike {
  run(
    context: Document | { include: string[] },
    options: RunOptions,
  ): Promise<{
    passes: unknown[];
    incomplete: { id: string; nodes: { target: unknown[] }[] }[];
    violations: {
      id: string;
      impact?: ImpactValue;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }[];
  }>;
}

/**
 * Puts axe into a frame. The pages keep their strict Content-Security-Policy (an injected
 * <script> would be refused): the source is evaluated through the DevTools protocol
 * (page.evaluate), which script-src does not govern, so every page runs as visitors get it.
 */
async function injectAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await frame.evaluate(AXE_SOURCE);
}

/** Rule options shared by every audit: the tags above, each rule of `disable` turned off. */
function runOptions(disable: readonly string[]): RunOptions {
  return {
    runOnly: { type: 'tag', values: AXE_TAGS },
    rules: Object.fromEntries(disable.map((id) => [id, { enabled: false }])),
    // one node per passing rule is all the proof of a real run needed; the violations stay complete
    resultTypes: ['violations'],
    iframes: true,
    frameWaitTime: 10_000,
    // the style sheets (for css-orientation-lock) but not the media: axe waits up to 10 s for a
    // muted header video that headless Chromium never plays, and then reports no-autoplay-audio as
    // incomplete all the same (our videos are muted: there is no sound to stop)
    preload: { assets: ['cssom'], timeout: 10_000 },
  };
}

/**
 * axe on the page as it is now, with its frames (the editor's preview is a same-origin iframe).
 * `scope` narrows the audit to one part of the page (a CSS selector).
 */
async function axeFindings(
  page: Page,
  disable: readonly string[] = [],
  scope?: string,
): Promise<{ passes: number; findings: Finding[] }> {
  for (const frame of page.frames()) await injectAxe(frame);
  const result = await page.evaluate(
    async ([options, within]) => {
      const axe = (window as unknown as { axe: AxeLike }).axe;
      const r = await axe.run(within ? { include: [within] } : document, options);
      // Content scrolls under a sticky or fixed bar (the editor's action bar): whether a control
      // straddles the bar's edge depends on the scroll position alone, and moved with every
      // notice that came or went. Target-size findings for a control cut only by such a bar are
      // dropped; the keyboard walk checks that each control comes clear of it (WCAG 2.4.11).
      let found: HTMLElement[] | undefined;
      // read only when there is a target-size finding to weigh (a style read of every element)
      const bars = (): HTMLElement[] =>
        (found ??= [...document.querySelectorAll<HTMLElement>('body *')].filter((el) =>
          ['sticky', 'fixed'].includes(getComputedStyle(el).position),
        ));
      const cutByBar = (target: unknown[], summary: string | undefined): boolean => {
        if (target.length !== 1 || typeof target[0] !== 'string' || !summary?.includes('partially obscured'))
          return false;
        const el = document.querySelector(target[0]);
        if (!el) return false;
        const box = el.getBoundingClientRect();
        return bars().some((bar) => {
          if (bar.contains(el)) return false;
          const b = bar.getBoundingClientRect();
          return b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom;
        });
      };
      for (const v of r.violations)
        if (v.id === 'target-size') v.nodes = v.nodes.filter((n) => !cutByBar(n.target, n.failureSummary));
      r.violations = r.violations.filter((v) => v.nodes.length > 0);
      return {
        passes: r.passes.length,
        // a frame axe could not reach is skipped after a short wait and its rules never run
        untested: r.incomplete
          .filter((i) => i.id === 'frame-tested')
          .flatMap((i) => i.nodes.map((n) => JSON.stringify(n.target))),
        violations: r.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          targets: v.nodes.map((n) => JSON.stringify(n.target.length === 1 ? n.target[0] : n.target)),
          summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220),
        })),
      };
    },
    [runOptions(disable), scope ?? null] as const,
  );
  const findings: Finding[] = result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.targets,
    summary: v.summary,
  }));
  if (result.untested.length > 0)
    findings.push({
      rule: 'frame-tested',
      impact: 'critical',
      help: 'Every frame on the page is audited by axe',
      targets: result.untested,
      summary: 'axe did not answer from inside this frame, so nothing in it was checked',
    });
  return { passes: result.passes, findings };
}

/**
 * After a dialog opens, keyboard focus is inside it (never left on the page behind or dropped
 * to <body>), also once whatever the dialog loads has arrived.
 */
export async function dialogFocusFindings(page: Page, dialog: string): Promise<Finding[]> {
  await settle(page);
  await page.waitForTimeout(250);
  const where = await page.evaluate((selector) => {
    const box = document.querySelector(selector);
    const active = document.activeElement;
    const label = active
      ? active.tagName.toLowerCase() +
        (active.id ? `#${active.id}` : '') +
        (active.className && typeof active.className === 'string' ? `.${active.className.split(/\s+/)[0]}` : '')
      : 'nothing';
    if (!box) return `no ${selector} on the page`;
    if (!active || active === document.body) return `focus is on <body>`;
    if (!box.contains(active)) return `focus is on ${label}, outside the dialog`;
    return null;
  }, dialog);
  return where
    ? [
        {
          rule: 'dialog-focus',
          impact: 'serious',
          help: 'An open dialog holds the keyboard focus (WCAG 2.4.3)',
          targets: [dialog],
          summary: where,
        },
      ]
    : [];
}

function blocking(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.impact !== null && BLOCKING.has(f.impact));
}

function formatFindings(report: AuditReport): string {
  const done = report.kind === 'axe' ? `${report.passes} rules passed` : `${report.passes} focus stops checked`;
  const head = `[a11y] ${report.state} @${report.width}px: ${report.findings.length} violation(s), ${done}`;
  const lines = report.findings.map(
    (f) =>
      `  - ${f.rule} (${f.impact ?? 'n/a'}): ${f.help}\n      on ${f.targets.slice(0, 6).join(', ')}${f.targets.length > 6 ? ` … +${f.targets.length - 6}` : ''}\n      ${f.summary}`,
  );
  return [head, ...lines].join('\n');
}

interface AuditOptions {
  widths?: readonly Width[];
  /** rules turned off for this state (each with its reason at the call) */
  disable?: readonly string[];
  /**
   * Audits only this part of the page (a CSS selector). With a modal dialog open the rest of the
   * page is inert, out of reach of keyboard and assistive technology, and was audited in its own
   * state: the dialog is what there is to audit.
   */
  scope?: string;
  /** checks of the caller's, added to the report */
  extra?: (page: Page, width: Width) => Promise<Finding[]>;
}

/**
 * Audits one screen state at each width (resizing the page in place, so open dialogs stay
 * open): axe with the gate's tags, plus reflow on the whole page.
 */
export class Gate {
  readonly reports: AuditReport[] = [];

  async audit(page: Page, state: string, options: AuditOptions = {}): Promise<AuditReport[]> {
    const out: AuditReport[] = [];
    for (const width of options.widths ?? WIDTHS) {
      await setWidth(page, width);
      await settle(page);
      const { passes, findings } = await axeFindings(page, options.disable, options.scope);
      findings.push(...(await reflowFindings(page)));
      if (options.extra) findings.push(...(await options.extra(page, width)));
      const report: AuditReport = { state, width, passes, kind: 'axe', findings };
      console.log(formatFindings(report));
      this.reports.push(report);
      out.push(report);
    }
    return out;
  }

  /**
   * The audit of an open dialog at one width, scoped to it, with whether it took the keyboard
   * focus (read first, before the audit resizes anything).
   */
  async auditDialog(page: Page, state: string, dialog: string, width: (typeof WIDTHS)[number]): Promise<AuditReport[]> {
    const focus = await dialogFocusFindings(page, dialog);
    return this.audit(page, state, { widths: [width], scope: dialog, extra: async () => focus });
  }

  /** Adds the findings of a keyboard walk that checked `stops` focus stops. */
  record(state: string, width: number, stops: number, findings: Finding[]): AuditReport {
    const report: AuditReport = { state, width, passes: stops, kind: 'keyboard', findings };
    console.log(formatFindings(report));
    this.reports.push(report);
    return report;
  }

  /**
   * A keyboard walk of a screen at each width, which must reach more than `minStops` focus stops;
   * `prepare` readies the screen after each resize.
   */
  async walk(
    page: Page,
    screen: string,
    options: { minStops: number; maxTabs?: number; prepare?: () => Promise<void> },
  ): Promise<AuditReport[]> {
    const out: AuditReport[] = [];
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await options.prepare?.();
      await settle(page);
      const walk = await keyboardWalk(page, { maxTabs: options.maxTabs });
      out.push(this.record(`keyboard walk of ${screen} (until ${walk.end})`, width, walk.stops, walk.findings));
      expect(walk.stops, 'the walk reached the controls').toBeGreaterThan(options.minStops);
    }
    return out;
  }

  summary(title: string): string {
    const failing = this.reports.filter((r) => blocking(r.findings).length > 0);
    const total = this.reports.reduce((n, r) => n + r.findings.length, 0);
    const blockingCount = this.reports.reduce((n, r) => n + blocking(r.findings).length, 0);
    return `[a11y] ${title}: ${this.reports.length} states audited, ${total} violation(s), ${blockingCount} blocking, in ${failing.length} state(s)${failing.length ? `: ${failing.map((r) => `${r.state} @${r.width}`).join('; ')}` : ''}`;
  }
}

/** What a failed expectation prints: every blocking finding of these reports. */
function failureMessage(reports: readonly AuditReport[]): string {
  return reports
    .filter((r) => blocking(r.findings).length > 0)
    .map((r) => formatFindings({ ...r, findings: blocking(r.findings) }))
    .join('\n');
}

/** Proof that axe really ran on each report (an empty result is no proof of anything). */
function axeRan(reports: readonly AuditReport[]): boolean {
  const axe = reports.filter((r) => r.kind === 'axe');
  return axe.length > 0 && axe.every((r) => r.passes > 0);
}

/** The gate's verdict on a set of audits: axe really ran, and nothing blocking was found. */
export function expectAccessible(reports: readonly AuditReport[]): void {
  expect(axeRan(reports), 'axe ran on every state and found rules that pass').toBe(true);
  expect(failureMessage(reports), 'blocking accessibility violations').toBe('');
}

/** The verdict on keyboard walks: no focus stop hidden, covered or without a visible focus. */
export function expectKeyboardUsable(reports: readonly AuditReport[]): void {
  expect(failureMessage(reports), 'keyboard focus problems').toBe('');
}

/**
 * A browser page for a file's audits: opened before its tests, closed after them with the gate's
 * summary in the log. `current` is the page once the tests run.
 */
export function auditedPage(gate: Gate, name: string): { current: Page } {
  const held: { current: Page; ctx?: BrowserContext } = { current: undefined as unknown as Page };
  beforeAll(async () => {
    held.ctx = await openBrowser(DESKTOP);
    held.current = await held.ctx.newPage();
  });
  afterAll(async () => {
    console.log(gate.summary(name));
    await held.ctx?.close();
  });
  return held;
}
