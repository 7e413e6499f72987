// Helpers for the upload tests (uploads*.test.ts): a multipart form of one file and an
// organiser's text page to upload to.
import { API_PREFIX } from '../../src/core/api-paths';
import { createPage, organiserWithToken, textPage, uniqueSlug } from './helpers';

export const BASE = API_PREFIX.pages;

export const MB = 1024 * 1024;

export function form(field: string, bytes: Uint8Array, name = 'file.bin', type = 'application/octet-stream'): FormData {
  const f = new FormData();
  f.append(field, new Blob([bytes], { type }), name);
  return f;
}

export async function setup(extra: Record<string, unknown> = {}) {
  const u = await organiserWithToken();
  const slug = uniqueSlug();
  const page = await createPage(u.token, { ...textPage(slug), header: '', ...extra });
  return { u, slug, page };
}
