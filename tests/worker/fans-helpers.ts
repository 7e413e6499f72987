// Helpers for the fan tests: pages with the 'Avvisami' block, sign-ups, and what D1 and the dev
// mailbox hold afterwards.
import { env } from 'cloudflare:test';
import { fanUnsubscribeUrl } from '../../worker/services/fans/links';
import { call, mailbox, uniqueEmail } from './helpers';
import { seedPage, slugFor, type SeedPage } from './public-helpers';

export const COMPANY = 'Concerti Aurora Srl';

/** A future tour: Milano, Roma (two dates), Forlì. */
export const TOUR = [
  {
    text: '12 marzo 2099 - Milano - Alcatraz|biglietti',
    cta_buttons: [{ url: 'https://t.it/a', buttonText: 'biglietti' }],
  },
  {
    text: '13 marzo 2099 - Roma - Atlantico|biglietti',
    cta_buttons: [{ url: 'https://t.it/b', buttonText: 'biglietti' }],
  },
  {
    text: '20 marzo 2099 - Forlì - Vidia|biglietti',
    cta_buttons: [{ url: 'https://t.it/c', buttonText: 'biglietti' }],
  },
  { text: '21 marzo 2099 - roma - Largo|biglietti', cta_buttons: [{ url: 'https://t.it/d', buttonText: 'biglietti' }] },
];

export interface FanPage extends SeedPage {
  fan_signup?: boolean;
  company?: string;
  visible_from?: string | null;
  visible_until?: string | null;
}

/** A page straight in D1 (a visible text page with TOUR and the block on, unless told). */
export async function fanPage(page: FanPage = {}): Promise<{ slug: string; id: number }> {
  const slug = slugFor('fan');
  const { id } = await seedPage(slug, { buttons: TOUR, ...page });
  await env.DB.prepare(
    'UPDATE landing_pages SET company = ?, fan_signup = ?, visible_from = ?, visible_until = ? WHERE id = ?',
  )
    .bind(
      page.company ?? COMPANY,
      page.fan_signup === false ? 0 : 1,
      page.visible_from ?? null,
      page.visible_until ?? null,
      id,
    )
    .run();
  return { slug, id };
}

export interface SignupOptions {
  /** as the page script sends it (Accept: application/json); default the plain form */
  json?: boolean;
  /** the client's address (CF-Connecting-IP); default loopback, which no network limit applies to (helpers.ts call) */
  ip?: string;
  /** wait for the work after the answer (the fan row, the mail); default true */
  settle?: boolean;
}

/** POST /{slug}/fans with form fields. */
export function signUp(slug: string, fields: Record<string, string>, opts: SignupOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.json) headers.accept = 'application/json';
  if (opts.ip) headers['cf-connecting-ip'] = opts.ip;
  return call(`/${slug}/fans`, { form: fields, headers, settle: opts.settle ?? true });
}

export interface FanRow {
  id: number;
  page_id: number;
  email: string;
  consent_version: string;
  consent_at: string;
  confirmed_at: string | null;
  confirm_hash: string | null;
  confirm_sent_at: string | null;
  created_at: string;
}

export async function fanOf(pageId: number, email: string): Promise<FanRow | null> {
  return env.DB.prepare('SELECT * FROM fans WHERE page_id = ? AND email = ?').bind(pageId, email).first<FanRow>();
}

export async function citiesOf(fanId: number): Promise<Array<{ city_key: string; city: string; requested: number }>> {
  const { results } = await env.DB.prepare(
    'SELECT city_key, city, requested FROM fan_cities WHERE fan_id = ? ORDER BY city_key',
  )
    .bind(fanId)
    .all<{ city_key: string; city: string; requested: number }>();
  return results;
}

/** The confirmation e-mails sent to an address, newest first. */
export async function confirmMails(to: string) {
  return (await mailbox(to)).filter((m) => m.links.some((l) => l.includes('/fans/confirm?token=')));
}

/** The path (with its token) of the newest confirmation link mailed to `to`. */
export async function confirmPath(to: string): Promise<string> {
  const [mail] = await confirmMails(to);
  const link = mail?.links.find((l) => l.includes('/fans/confirm?token='));
  if (!link) throw new Error(`no confirmation link mailed to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

let ipSeq = 0;
/** A public address no other test of the run uses (a network of its own for the limits). */
export function uniqueIp(): string {
  ipSeq += 1;
  const n = (Date.now() % 200) * 1000 + ipSeq;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

/** A page and a fan of it (confirmed unless told), with its unsubscribe link's path. */
export async function fanWithLink(
  opts: { confirmed?: boolean; email?: string; page?: { slug: string; id: number } } = {},
) {
  const page = opts.page ?? (await fanPage());
  const email = opts.email ?? uniqueEmail('fan');
  await signUp(page.slug, { email, city: 'Milano' });
  if (opts.confirmed !== false) await call(await confirmPath(email), { method: 'POST' });
  const fan = (await fanOf(page.id, email))!;
  const url = new URL(await fanUnsubscribeUrl(env, 'http://localhost:8787', page, fan.id));
  return { ...page, email, fan, path: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
}

/** The one-click unsubscribe a mail client posts (RFC 8058), form-encoded unless told. */
export function oneClick(path: string, type: 'urlencoded' | 'multipart' = 'urlencoded'): Promise<Response> {
  if (type === 'urlencoded') return call(path, { form: { 'List-Unsubscribe': 'One-Click' } });
  const body = new FormData();
  body.append('List-Unsubscribe', 'One-Click');
  return call(path, { method: 'POST', body });
}

/** The e-mails the outbox holds for an address, oldest first. */
export async function outboxRows(to: string) {
  const { results } = await env.DB.prepare(
    'SELECT kind, subject, body_text, body_html FROM mail_outbox WHERE to_addr = ? ORDER BY id',
  )
    .bind(to)
    .all<{ kind: string; subject: string; body_text: string; body_html: string | null }>();
  return results;
}

/** How many fan rows an address has, on every page. */
export async function fanCount(email: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM fans WHERE email = ?').bind(email).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Status, content type and body of an answer, to compare answers whole. */
export async function answerOf(res: Response) {
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}
