// Set-up for the browser tests of the fans: a tour page, sign-ups through the real route, the
// links the e-mails carry, and what D1 holds.
import { inject } from 'vitest';
import { fanPaths } from '../../src/core/api-paths';
import { sqlRows } from './d1';
import { unsubscribeToken } from '../../worker/services/fans/tokens';
import { api, mailLink } from './api';
import { makePng } from './media';
import { createPage, uniqueSlug, uploadHeader } from './pages-api';

export const FAN_COMPANY = 'Concerti Aurora';
const HEADER_PNG = makePng(1200, 600, [40, 20, 90], [230, 60, 120]);

function event(date: string, city: string, venue: string) {
  const url = 'https://example.com/biglietti';
  return {
    type: 'text',
    text: `${date} - ${city} - ${venue}|biglietti`,
    url,
    cta_buttons: [{ url, buttonText: 'biglietti' }],
  };
}

/** A published tour page (Milano, Roma, Bologna) with a header, in the given style. */
export async function fanTourPage(
  token: string,
  style: 'light' | 'dark' | 'custom' = 'light',
  extra = {},
): Promise<string> {
  const slug = uniqueSlug(`fan${style}`);
  await createPage(token, {
    folder_name: slug,
    title: `Le Vibrazioni Notturne ${slug}`,
    display_title: 'Le Vibrazioni Notturne',
    company: FAN_COMPANY,
    mode: 'text',
    style,
    header: '',
    buttons: [
      event('Ven 12 marzo 2099', 'Milano', 'Alcatraz'),
      event('Sab 13 marzo 2099', 'Roma', 'Atlantico'),
      event('Ven 19 marzo 2099', 'Bologna', 'Estragon'),
    ],
    ...extra,
  });
  await uploadHeader(token, slug, HEADER_PNG);
  return slug;
}

/** A sign-up as the page script sends it; answers the status. */
export async function signUpByApi(slug: string, email: string, city = 'Milano'): Promise<number> {
  const res = await api(fanPaths.signup(slug), {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: new URLSearchParams({ email, city }),
  });
  return res.status;
}

/** The path (and token) of the newest confirmation link mailed to `email`. */
export async function confirmLinkPath(email: string): Promise<string> {
  const url = new URL(await mailLink(email, '/fans/confirm?token='));
  return `${url.pathname}${url.search}`;
}

interface FanState {
  id: number;
  confirmed_at: string | null;
}

/** The fan rows of an address on a page (read from the server's local D1). */
export function fanRows(slug: string, email: string): FanState[] {
  return sqlRows<FanState>(
    `SELECT f.id, f.confirmed_at FROM fans f JOIN landing_pages p ON p.id = f.page_id
     WHERE p.folder_name = ? AND f.email = ?`,
    slug,
    email,
  );
}

export function fanCityRows(slug: string, email: string): Array<{ city_key: string; city: string; requested: number }> {
  return sqlRows(
    `SELECT c.city_key, c.city, c.requested FROM fan_cities c JOIN fans f ON f.id = c.fan_id
     JOIN landing_pages p ON p.id = f.page_id
     WHERE p.folder_name = ? AND f.email = ? ORDER BY c.city_key`,
    slug,
    email,
  );
}

/**
 * The unsubscribe path a fan's alert e-mails carry (signed with the server's secret): the alert
 * e-mails are not this test's to send, their link is.
 */
export async function unsubscribePath(slug: string, email: string): Promise<string> {
  const [fan] = fanRows(slug, email);
  if (!fan) throw new Error(`no fan ${email} on ${slug}`);
  const [page] = sqlRows<{ id: number }>('SELECT id FROM landing_pages WHERE folder_name = ?', slug);
  const pageId = page!.id;
  return fanPaths.unsubscribe(slug, await unsubscribeToken({ JWT_SECRET: inject('jwtSecret') }, pageId, fan.id));
}

/** A message of the dev mailbox as GET /api/dev/mailbox answers it (worker/routes/dev.ts). */
export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

/** Everything the console mailer wrote to `email` so far, newest first. */
export async function mailsTo(email: string): Promise<DevMail[]> {
  const res = await api(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  if (res.status !== 200) throw new Error(`dev mailbox: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { messages: DevMail[] }).messages;
}

/** The HTML version of a dev mailbox message (the outbox keeps it; the mailbox shows the text). */
export function mailHtml(id: number): string {
  const [row] = sqlRows<{ body_html: string | null }>('SELECT body_html FROM mail_outbox WHERE id = ?', id);
  const html = row?.body_html;
  if (!html) throw new Error(`no HTML for mail ${id}`);
  return html;
}
