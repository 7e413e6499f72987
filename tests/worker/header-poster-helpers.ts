// Helpers for the poster tests (header-poster*.test.ts): uploads of a header and its poster, the
// bucket's objects and the published page's tags.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import * as w from './helpers';

export const BASE = API_PREFIX.pages;
export const ORIGIN = 'http://localhost:8787';
export const MB = 1024 * 1024;
export const TEXT = new TextEncoder().encode('this is only text, not a picture at all');

export const POSTER_TYPE = 'Formato copertina non supportato. Usa JPG, PNG o WebP';
export const NEEDS_VIDEO = 'La copertina si genera solo da un video: la testata deve essere un MP4';

export type Part = [field: string, bytes: Uint8Array, filename?: string];

export function form(...parts: Part[]): FormData {
  const f = new FormData();
  for (const [field, bytes, filename = 'file.bin'] of parts) f.append(field, new Blob([bytes]), filename);
  return f;
}

export async function setup(company = 'Alfa Live') {
  const u = await w.organiserWithToken({ company });
  const slug = w.uniqueSlug('poster');
  await w.createPage(u.token, { ...w.textPage(slug), header: '' });
  return { u, slug };
}

export async function objects(slug: string): Promise<string[]> {
  return (await env.BUCKET.list({ prefix: `dati/${slug}/` })).objects.map((o) => o.key).sort();
}

export async function uploadHeader(token: string, slug: string, ...parts: Part[]) {
  const res = await w.call(`${BASE}/${slug}/upload-image`, { token, body: form(...parts) });
  return { status: res.status, body: (await res.json()) as any };
}

export async function uploadPoster(token: string, slug: string, ...parts: Part[]) {
  const res = await w.call(`${BASE}/${slug}/upload-poster`, { token, body: form(...parts) });
  return { status: res.status, body: (await res.json()) as any };
}

export async function pageJson(token: string, slug: string): Promise<any> {
  return (await w.call(`${BASE}/${slug}`, { token })).json();
}

export async function published(slug: string): Promise<string> {
  const res = await w.call(`/${slug}`);
  expect(res.status).toBe(200);
  return res.text();
}

export function meta(html: string, attr: 'property' | 'name', key: string): string | null {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return m ? m[1]! : null;
}

export function jsonLdImages(html: string): unknown[][] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((b) => {
    const data = JSON.parse(b[1]!) as unknown;
    // schema.org allows one image or a list: each event's images, as one value or a list
    return (Array.isArray(data) ? data : [data]).map((d) => [(d as { image?: unknown }).image].flat());
  });
}

export function posterPattern(slug: string, ext: string): RegExp {
  return new RegExp(`^/dati/${slug}/${slug}-poster\\.[a-z0-9]+\\.${ext}$`);
}
