// Landing pages made through the real API as set-up for the browser tests.
import { expect } from 'vitest';
import { api } from './api';
import { API_PREFIX } from '../../src/core/api-paths';

/** A slug no other test of the run uses (lower-case letters and digits). */
export function uniqueSlug(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A text page's body as the editor sends it: light style, a header image, these events. */
export function textPageBody(slug: string, title: string, buttons: unknown[]): Record<string, unknown> {
  return {
    title,
    display_title: title,
    folder_name: slug,
    mode: 'text',
    style: 'light',
    custom_styles: {},
    header: 'https://example.com/header.jpg',
    buttons,
  };
}

/** Creates a page (the body as the editor sends it); answers the saved page. */
export async function createPage<T = any>(token: string, body: Record<string, unknown>): Promise<T> {
  const res = await api(`${API_PREFIX.pages}`, { method: 'POST', token, json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as T;
}

/** Uploads the header of a saved page. */
export async function uploadHeader(
  token: string,
  slug: string,
  bytes: Buffer,
  name = 'header.png',
  type = 'image/png',
): Promise<void> {
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await api(`${API_PREFIX.pages}/${slug}/upload-image`, { method: 'POST', token, body });
  expect(res.status, await res.clone().text()).toBe(200);
}
