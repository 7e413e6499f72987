// Helpers for the history tests (versions-*.test.ts): a page of an organiser, its versions read
// through the API and straight from D1, the bucket's public and kept files.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { PNG } from './media-fixtures';
import { pagePaths } from '../../src/core/api-paths';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { versionAnswerSchema, versionListSchema, type VersionMeta } from '../../src/core/schemas/versions';
import { answer, call, createPage, organiserWithToken, textPage, uniqueSlug, type NewUser } from './helpers';

export async function setup(opts: NewUser = {}, extra: Record<string, unknown> = {}) {
  const u = await organiserWithToken({ full_name: 'Giulia Verdi', ...opts });
  const slug = uniqueSlug('ver');
  const page = await createPage(u.token, { ...textPage(slug), ...extra });
  return { u, slug, page };
}

/** The page's versions through the API, newest first. */
export async function versionsOf(token: string, slug: string): Promise<VersionMeta[]> {
  return (await answer(await call(pagePaths.versions(slug), { token }), 200, versionListSchema)).versions;
}

export async function versionOf(token: string, slug: string, id: number) {
  return answer(await call(pagePaths.version(slug, id), { token }), 200, versionAnswerSchema);
}

export async function restore(token: string, slug: string, id: number) {
  return answer(await call(pagePaths.versionRestore(slug, id), { token, method: 'POST' }), 200, pageAsReceivedSchema);
}

/** Saves the whole page (PUT) from the page as answered, changed by `change`. */
export async function save(token: string, slug: string, change: (page: any) => any) {
  const current = await answer(await call(pagePaths.page(slug), { token }), 200, pageAsReceivedSchema);
  const res = await call(pagePaths.page(slug), { token, method: 'PUT', json: change(structuredClone(current)) });
  return answer(res, 200, pageAsReceivedSchema);
}

/** Every row of page_versions of a page, oldest first. */
export async function versionRows(pageId: number) {
  const { results } = await env.DB.prepare('SELECT * FROM page_versions WHERE page_id = ? ORDER BY id')
    .bind(pageId)
    .all<{
      id: number;
      created_at: string;
      kind: string;
      summary: string;
      actor_id: number | null;
      snapshot: string;
    }>();
  return results;
}

/** The keys under a prefix of the bucket, sorted. */
export async function keys(prefix: string): Promise<string[]> {
  return (await env.BUCKET.list({ prefix })).objects.map((o) => o.key).sort();
}

/** A multipart body with one file, as the editor's uploads send it. */
export function form(field: string, bytes: Uint8Array, name: string): FormData {
  const f = new FormData();
  f.append(field, new Blob([bytes]), name);
  return f;
}

/** Uploads a header as the editor does after a save; answers its path. */
export async function uploadHeader(token: string, slug: string, bytes: Uint8Array = PNG): Promise<string> {
  const res = await call(pagePaths.headerUpload(slug), { token, body: form('image', bytes, 'h.png') });
  expect(res.status).toBe(200);
  return ((await res.json()) as { path: string }).path;
}

/** The status of a GET, its body read. */
export async function status(path: string): Promise<number> {
  const res = await call(path);
  await res.arrayBuffer();
  return res.status;
}
