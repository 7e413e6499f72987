// Helpers for the landing-pages tests: users straight in D1, tokens signed like the login does.
import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { companyKey } from '../../src/core/company';
import { createAccessToken } from '../../worker/services/tokens';

let seq = 0;

export interface TestUser {
  id: number;
  token: string;
  company: string | null;
}

export async function makeUser(
  opts: { company?: string | null; admin?: boolean; status?: string; isActive?: boolean } = {},
): Promise<TestUser> {
  seq += 1;
  const email = `u${Date.now()}${seq}${Math.random().toString(36).slice(2, 6)}@palco.test`;
  const company = opts.company === undefined ? 'Alfa Live' : opts.company;
  const row = await env.DB.prepare(
    `INSERT INTO users (email, hashed_password, full_name, company, company_key, status, is_active, is_verified, is_superuser)
     VALUES (?, 'x', 'Test User', ?, ?, ?, ?, 1, ?) RETURNING id`,
  )
    .bind(
      email,
      company,
      company === null ? null : companyKey(company),
      opts.status ?? 'active',
      opts.isActive === false ? 0 : 1,
      opts.admin ? 1 : 0,
    )
    .first<{ id: number }>();
  const token = await createAccessToken(env, { id: row!.id, token_version: 0 });
  return { id: row!.id, token, company };
}

export function call(
  path: string,
  init: { method?: string; token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  return exports.default.fetch(`http://localhost${path}`, {
    method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
}

let slugSeq = 0;
export function uniqueSlug(prefix = 'p'): string {
  slugSeq += 1;
  return `${prefix}${Date.now().toString(36)}${slugSeq}${Math.random().toString(36).slice(2, 6)}`;
}

export function eventButton(
  text = '12/05/2099 - Milano - Alcatraz|biglietti',
  url: string | null = 'https://www.ticketone.it/x',
  extra: Record<string, unknown> = {},
) {
  return { type: 'text', text, url, ...extra };
}

export function textPage(slug: string, extra: Record<string, unknown> = {}) {
  return {
    folder_name: slug,
    title: `Tour ${slug}`,
    display_title: 'Tour',
    mode: 'text',
    style: 'light',
    header: `/dati/${slug}/${slug}.jpg`,
    buttons: [eventButton(), eventButton('13/05/2099 - Roma - Atlantico|tickets', 'vivaticket.com/y')],
    ...extra,
  };
}

export async function createPage(token: string, body: Record<string, unknown>) {
  const res = await call('/api/db/landing-pages', { token, json: body });
  const json = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(json)}`);
  return json;
}
