// The embed on another site (docs/behaviour.md#embedding-the-dates): a band's page on a second
// local server (another origin, with its own strict CSP) includes the one-line snippet; the
// iframe shows the dates, fits its height, a tap on a ticket counts a click under the source
// 'embed', and neither frame reports a CSP violation. The script-free iframe works too. Then the
// editor's 'Incorpora' at 375 and 1280 px: both snippets with 'Copia', a live preview, axe.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { Gate, WIDTHS, expectAccessible, setWidth } from './a11y';
import { api, organiser } from './api';
import { baseURL, phoneAndDesktop, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice, openSavedPage } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';
import { embedFrameSnippet, embedScriptSnippet } from '../../src/core/embed';
import type { PageStats } from '../../src/core/schemas/stats';
import { API_PREFIX } from '../../src/core/api-paths';

const FRAME = 'iframe[title="Date del tour su Palco"]';
const CITIES = ['Milano', 'Bologna', 'Napoli'];

const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });
let token: string;
let slug: string;
let band: Server;
let bandOrigin: string;

/** The band's own site: its pages allow scripts and frames from Palco only, and nothing inline. */
function bandSite(palco: string, page: string): Server {
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/ticket') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('biglietto');
      return;
    }
    const snippet = path === '/plain' ? embedFrameSnippet(palco, page) : embedScriptSnippet(palco, page);
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; script-src ${palco}; frame-src ${palco}; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'`,
      })
      .end(
        `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
          `<title>La band</title></head><body style="margin:0;padding:16px;font-family:sans-serif;background:#f3efe6">` +
          `<h1>La band</h1><p>Le prossime date:</p>${snippet}<p id="after">Fine della pagina della band.</p></body></html>`,
      );
  });
}

/** Records every CSP violation of every frame of the page, before any of its scripts runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return console;
}

async function violations(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? ['(listener missing)']);
}

async function embedFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(FRAME).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no embed frame');
  await frame.locator('.e').first().waitFor();
  return frame;
}

async function stats(page = slug): Promise<PageStats> {
  const res = await api(`${API_PREFIX.pages}/${page}/stats?days=1`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PageStats;
}

/** A text page with an event in each of CITIES, its tickets on `ticket`. */
async function tourPage(page: string, ticket: string): Promise<void> {
  await createPage(
    token,
    textPageBody(
      page,
      `Tour ${page}`,
      CITIES.map((city, i) => ({
        position: i + 1,
        type: 'text',
        text: `${12 + i} marzo 2099 - ${city} - Teatro ${city}|biglietti`,
        image_path: '',
        url: ticket,
        cta_buttons: [{ url: ticket, buttonText: 'biglietti' }],
      })),
    ),
  );
}

beforeAll(async () => {
  ({ token } = await organiser({ company: 'Embed Band' }));
  slug = uniqueSlug('embed');
  band = bandSite(baseURL(), slug);
  await new Promise<void>((r) => band.listen(0, '127.0.0.1', r));
  // localhost, not 127.0.0.1: another site than Palco's, as the band's own would be
  bandOrigin = `http://localhost:${(band.address() as AddressInfo).port}`;
  await tourPage(slug, `${bandOrigin}/ticket`);
});

afterAll(async () => {
  await new Promise((r) => band?.close(r));
});

describe('the snippet on another site', () => {
  it('shows the dates fitted to their height, counts a tap as embed, no CSP violation', {
    timeout: 90_000,
  }, async () => {
    const page = await browsers.phone.newPage();
    const consoleErrors = await watchViolations(page);
    await page.goto(`${bandOrigin}/`);
    const frame = await embedFrame(page);

    // inserted right after its script tag, titled and lazy
    expect(await page.locator(`script[data-palco="${slug}"] + ${FRAME}`).count()).toBe(1);
    expect(await page.locator(FRAME).getAttribute('loading')).toBe('lazy');
    for (const city of CITIES) await frame.getByText(city, { exact: true }).waitFor();

    // the frame takes the height of its content (not the 600 px it starts with), no inner scroll
    await frame.evaluate(() => document.fonts.ready);
    await expect
      .poll(
        async () => {
          const content = await frame.evaluate(() =>
            Math.ceil(document.documentElement.getBoundingClientRect().height),
          );
          const box = await page.locator(FRAME).boundingBox();
          return Math.abs((box?.height ?? 0) - content) <= 1 && content !== 600;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await frame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await shot(page, 'embed-band-site-375');

    // a tap on a ticket opens it in a new tab, and counts under 'embed'
    const popup = page.waitForEvent('popup');
    await frame
      .getByRole('link', { name: /^biglietti/i })
      .first()
      .tap();
    const ticket = await popup;
    expect(ticket.url()).toBe(`${bandOrigin}/ticket`);
    await ticket.close();
    await expect
      .poll(async () => (await stats()).sources.find((s) => s.source === 'embed'), { timeout: 15_000 })
      .toMatchObject({ views: 1, clicks: 1 });
    expect((await stats()).sources.map((s) => s.source)).toEqual(['embed']);

    expect(await violations(page.mainFrame())).toEqual([]);
    expect(await violations(frame)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('the script-free iframe shows the dates too, on a desktop', { timeout: 60_000 }, async () => {
    const page = await browsers.desktop.newPage();
    const consoleErrors = await watchViolations(page);
    await page.goto(`${bandOrigin}/plain`);
    const frame = await embedFrame(page);
    await frame.getByText('Napoli', { exact: true }).waitFor();
    await shot(page, 'embed-band-site-plain-1280');
    expect(await violations(page.mainFrame())).toEqual([]);
    expect(await violations(frame)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('the embed itself passes axe and reflow at 375 and 1280 px', { timeout: 60_000 }, async () => {
    const page = await browsers.desktop.newPage();
    await page.goto(`/${slug}/embed`);
    await page.locator('.e').first().waitFor();
    const gate = new Gate();
    await gate.audit(page, 'the embed on its own');
    expectAccessible(gate.reports);
    await page.close();
  });
});

describe("'Incorpora' in the editor", () => {
  it('shows both snippets with Copia and a live preview, at 375 and 1280 px, accessibly', {
    timeout: 150_000,
  }, async () => {
    const gate = new Gate();
    // a page of its own, which no other test visits
    const edited = uniqueSlug('embedit');
    await tourPage(edited, 'https://example.com/biglietti');
    for (const [ctx, width] of browsers.both()) {
      await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
      const page = await editorPage(ctx, token, '/user');
      await openSavedPage(page, edited, width === WIDTHS[0] ? 'tap' : 'click');
      await page.getByRole('button', { name: 'Incorpora' }).click();
      const panel = page.getByTestId('embed-panel');
      await panel.waitFor();

      const script = panel.getByLabel('Codice da incollare (consigliato)');
      const iframe = panel.getByLabel('Alternativa senza script');
      expect(await script.inputValue()).toBe(embedScriptSnippet(baseURL(), edited));
      expect(await iframe.inputValue()).toBe(embedFrameSnippet(baseURL(), edited));

      // the preview follows the form, with inert links
      const preview = page.frameLocator('[data-testid="embed-preview"]');
      for (const city of CITIES) await preview.getByText(city, { exact: true }).waitFor();
      expect(await preview.locator('a.b[href]').count()).toBe(0);
      await expect
        .poll(async () => (await page.getByTestId('embed-preview').boundingBox())?.height ?? 0)
        .toBeGreaterThan(400);

      await setWidth(page, width as (typeof WIDTHS)[number]);
      await page.getByRole('button', { name: 'Incorpora' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shot(page, `embed-editor-${width}`, false);
      await gate.audit(page, "editor with 'Incorpora' open", { widths: [width as (typeof WIDTHS)[number]] });

      const copies = panel.getByRole('button', { name: 'Copia' });
      expect(await copies.count()).toBe(2);
      await copies.first().click();
      await expectNotice(page, 'Codice copiato');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(embedScriptSnippet(baseURL(), edited));
      await page.close();
    }
    expectAccessible(gate.reports);
    // the editor's preview is drawn in the browser and never counted (past the flush delay)
    await new Promise((r) => setTimeout(r, 3000));
    expect((await stats(edited)).totals.views).toBe(0);
  });
});
