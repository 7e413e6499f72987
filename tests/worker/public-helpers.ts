// Helpers for the public page tests: pages straight in D1 (independent of the pages API).
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import worker from '../../worker/index';
import { pageCacheKey, publicOrigin } from '../../worker/services/pages/publish';
import { REPUBLISH_CRON } from '../../worker/services/pages/schedule';

/** The fields of the public answer for a page (GET /api/db/public/landing/{slug}), sorted. */
export const PUBLIC_PAGE_KEYS = [
  'buttons',
  'custom_styles',
  'display_title',
  'fan_signup',
  'header',
  'header_poster',
  'mode',
  'show_past',
  'style',
  'title',
];

let seq = 0;
export function slugFor(prefix = 'pub'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
}

export interface SeedButton {
  type?: 'text' | 'image';
  text?: string;
  url?: string | null;
  image_path?: string | null;
  cta_buttons?: Array<{ url: string; buttonText: string }> | null;
}

export interface SeedPage {
  title?: string;
  display_title?: string;
  visible?: boolean;
  mode?: 'text' | 'image';
  style?: 'light' | 'dark' | 'custom';
  custom_styles?: unknown;
  header?: string;
  buttons?: SeedButton[];
}

export async function seedPage(slug: string, page: SeedPage = {}): Promise<{ id: number; buttonIds: number[] }> {
  const title = page.title ?? `Tour ${slug}`;
  const row = await env.DB.prepare(
    `INSERT INTO landing_pages (folder_name, title, title_key, display_title, visible, mode, style, custom_styles, header)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      slug,
      title,
      title.toLowerCase() + slug,
      page.display_title ?? '',
      page.visible === false ? 0 : 1,
      page.mode ?? 'text',
      page.style ?? 'light',
      page.custom_styles === undefined
        ? null
        : typeof page.custom_styles === 'string'
          ? page.custom_styles
          : JSON.stringify(page.custom_styles),
      page.header ?? `/dati/${slug}/${slug}.jpg`,
    )
    .first<{ id: number }>();
  const buttons = page.buttons ?? [
    {
      text: '12 marzo 2099 - Milano - Alcatraz|biglietti',
      url: 'https://www.ticketone.it/a',
      cta_buttons: [{ url: 'https://www.ticketone.it/a', buttonText: 'biglietti' }],
    },
    { text: '13 marzo 2099 - Roma - Atlantico|soldout', url: '', cta_buttons: [{ url: '', buttonText: 'soldout' }] },
  ];
  const buttonIds: number[] = [];
  for (const [i, b] of buttons.entries()) {
    const r = await env.DB.prepare(
      `INSERT INTO buttons (page_id, position, type, text, image_path, url, cta_buttons) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
      .bind(
        row!.id,
        i + 1,
        b.type ?? 'text',
        b.text ?? '',
        b.image_path ?? null,
        b.url ?? null,
        b.cta_buttons ? JSON.stringify(b.cta_buttons) : null,
      )
      .first<{ id: number }>();
    buttonIds.push(r!.id);
  }
  return { id: row!.id, buttonIds };
}

export async function views(slug: string): Promise<number> {
  const r = await env.DB.prepare('SELECT view_page FROM landing_pages WHERE folder_name = ?')
    .bind(slug)
    .first<{ view_page: number }>();
  return r?.view_page ?? -1;
}

/** waitUntil work (view counts, cache puts) settles shortly after the response. */
export async function settle(ms = 60): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

export async function purgeCache(slug: string): Promise<void> {
  await caches.default.delete(pageCacheKey(slug, publicOrigin(env, 'http://localhost')));
}

/** The base64 SHA-256 of a text, as a CSP hash names it. */
export async function sha256b64(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...d));
}

/** A document's first inline script and style are what its policy allows, by their hashes. */
export async function expectHashedInline(csp: string, html: string): Promise<void> {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
  expect(csp).toContain(`script-src 'sha256-${await sha256b64(script)}'`);
  expect(csp).toContain(`style-src 'sha256-${await sha256b64(style)}'`);
}

/** The body as text: a hot answer's gzip bytes may reach the test still compressed. */
export async function bodyText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
}

/** The page's next boundary as D1 holds it (the page must exist). */
export async function boundaryOf(slug: string): Promise<string | null> {
  const row = await env.DB.prepare('SELECT next_boundary FROM landing_pages WHERE folder_name = ?')
    .bind(slug)
    .first<{ next_boundary: string | null }>();
  return row!.next_boundary;
}

/** The per-minute republish, run at `at` (UTC ms or ISO), its waitUntil work awaited. */
export async function runRepublish(at: string | number): Promise<void> {
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: REPUBLISH_CRON });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}
