import { createMiddleware } from 'hono/factory';
import { romeDateTime } from '../../src/core/fans-export';
import { t } from '../../src/core/messages';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { EMAIL_MAX } from '../../src/core/schemas/user';
import { z } from '../../src/core/zod';
import { listMail } from '../db/outbox';
import type { AppEnv } from '../env';
import { escapeHtml } from '../services/html';
import { consoleMailerAllowed, linksIn } from '../services/mail';
import { describedRoutes, jsonAnswer, type PlainRoute } from '../openapi';

/**
 * The local dev mailbox: what the console mailer "sent". It exists only with MAILER='console'
 * and only where the console mailer works (request and APP_URL on a loopback host), so a
 * deployment that forgot to switch the mailer still never publishes reset links; everywhere
 * else these paths are plain 404s.
 */
export const onlyWithConsoleMailer = createMiddleware<AppEnv>(async (c, next) => {
  if (!consoleMailerAllowed(c.env, c.req.url)) return c.json({ detail: t('request.notFound') }, 404);
  await next();
});

/** One mail the console mailer "sent", with the links of its text. */
const mailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  status: z.string(),
  created_at: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

async function mailbox(db: D1Database, to: string | undefined): Promise<MailboxMessage[]> {
  const filter = to?.trim() ? to.trim().slice(0, EMAIL_MAX) : null;
  const rows = await listMail(db, filter);
  return rows.map((r) => ({
    id: r.id,
    to: r.to_addr,
    subject: r.subject,
    text: r.body_text,
    links: linksIn(r.body_text),
    status: r.status,
    created_at: r.created_at,
  }));
}

/** Plain text with its http(s) links made clickable; everything escaped. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    out += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const PAGE_CSS = `
  :root { color-scheme: light; --ink: #14122b; --accent: #d6246e; --muted: #5b5a6e; --line: #e4e3ec; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 Poppins, system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--ink); background: #f6f6f9; }
  header { background: var(--ink); color: #fff; padding: 16px; }
  header > div { max-width: 848px; margin: 0 auto; }
  header h1 { margin: 0; font-size: 1.25rem; }
  header p { margin: 4px 0 0; color: #c9c8d6; font-size: .875rem; }
  main { max-width: 880px; margin: 0 auto; padding: 24px 16px 48px; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 24px; }
  input { flex: 1 1 100%; min-height: 44px; padding: 8px 12px; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
  @media (min-width: 640px) { input { flex-basis: 220px; } }
  button, .btn { min-height: 44px; padding: 8px 16px; border: 0; border-radius: 8px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; }
  .btn-secondary { background: #fff; color: var(--ink); border: 1px solid var(--line); }
  article { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px; margin-bottom: 16px; }
  article h2 { margin: 0 0 8px; font-size: 1.05rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; font-size: .875rem; color: var(--muted); }
  dd { margin: 0; word-break: break-all; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font: inherit; font-size: .9375rem; }
  a { color: var(--accent); word-break: break-all; }
  .empty { color: var(--muted); text-align: center; padding: 48px 0; }
`;

/** The mails as a page, each at its Europe/Rome time as the editor writes times (docs/behaviour.md#administration-and-local-development). */
function page(messages: MailboxMessage[], to: string): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <dl>
    <dt>${escapeHtml(t('devMailbox.to'))}</dt><dd>${escapeHtml(m.to)}</dd>
    <dt>${escapeHtml(t('devMailbox.date'))}</dt><dd><time datetime="${escapeHtml(m.created_at)}">${escapeHtml(romeDateTime(m.created_at))}</time></dd>
  </dl>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('devMailbox.title'))} · ${escapeHtml(t('brand.name'))}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<header><div><h1>${escapeHtml(t('devMailbox.title'))}</h1><p>${escapeHtml(t('devMailbox.intro'))}</p></div></header>
<main>
<form method="get" action="/dev/mailbox" role="search">
  <input id="to" name="to" type="email" value="${escapeHtml(to)}" placeholder="${escapeHtml(t('devMailbox.filter'))}" aria-label="${escapeHtml(t('devMailbox.filter'))}">
  <button type="submit">${escapeHtml(t('devMailbox.filterButton'))}</button>
  <a class="btn btn-secondary" href="/dev/mailbox">${escapeHtml(t('devMailbox.refresh'))}</a>
</form>
${items || `<p class="empty">${escapeHtml(t('devMailbox.empty'))}</p>`}
</main>
</body>
</html>`;
}

export const dev = describedRoutes();

dev
  .use('/api/dev/*', onlyWithConsoleMailer)
  .use('/dev/*', onlyWithConsoleMailer)
  .get('/api/dev/mailbox', async (c) => {
    return c.json({ messages: await mailbox(c.env.DB, c.req.query('to')) });
  })
  .get('/dev/mailbox', async (c) => {
    const to = (c.req.query('to') ?? '').slice(0, EMAIL_MAX);
    const html = page(await mailbox(c.env.DB, to), to);
    return c.html(html, 200, {
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    });
  });

// ---- In the OpenAPI document, described by hand: local development only

const LOCAL_ONLY =
  'Local development only: it exists with `MAILER=console` and where the console mailer works (the request ' +
  'and `APP_URL` on a loopback host); everywhere else it is a plain 404.';
const toQuery = z.object({
  to: z.string().optional().meta({ description: 'Only the mails to this address (its first 254 characters)' }),
});
const notHere = jsonAnswer(errorAnswerSchema, 'Not a local development server');

const mailboxJsonRoute: PlainRoute = {
  method: 'get',
  path: '/api/dev/mailbox',
  tags: ['Local development only'],
  summary: 'The dev mailbox: the mails the console mailer "sent", newest first',
  description: LOCAL_ONLY,
  request: { query: toQuery },
  responses: { 200: jsonAnswer(z.object({ messages: z.array(mailboxMessageSchema) }), 'The mails'), 404: notHere },
};

const mailboxPageRoute: PlainRoute = {
  method: 'get',
  path: '/dev/mailbox',
  tags: ['Local development only'],
  summary: 'The same mails as a page, their links clickable',
  description: LOCAL_ONLY,
  request: { query: toQuery },
  responses: {
    200: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
    404: notHere,
  },
};

dev.openAPIRegistry.registerPath(mailboxJsonRoute);
dev.openAPIRegistry.registerPath(mailboxPageRoute);
