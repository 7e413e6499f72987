// One-line plain text (docs/behaviour.md#pages-and-ownership, #text-buttons-and-ctas,
// #companies): titles, event texts, labels and company names refuse control characters with a
// 422 naming the field, and every e-mail header refuses line breaks (docs/architecture.md#the-rest-of-the-worker).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminPaths, fanPaths, pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { type Mail, sendMail, sendMailBatch } from '../../worker/services/mail';
import worker from '../../worker/index';
import {
  adminWithToken,
  callJson,
  createPage,
  createUser,
  eventButton,
  organiserWithToken,
  PASSWORD,
  textPage,
  uniqueEmail,
  uniqueSlug,
} from './helpers';
import { fanPage, uniqueIp } from './fans-helpers';

/** The control characters every plain one-line field refuses: C0 (CR, LF, tab, NUL…), DEL, C1. */
const CONTROLS: [string, string][] = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['tab', '\t'],
  ['NUL', '\u0000'],
  ['escape', '\u001B'],
  ['DEL', '\u007F'],
  ['C1 next line', '\u0085'],
  ['C1 control', '\u009F'],
];

/** Texts a person types, which stay accepted: accents, emoji, apostrophes, quotes, dashes. */
const PLAIN = "L'estate è qui 🎸 — Caffè “Nero” d'Annunzio";

async function save(token: string, body: Record<string, unknown>) {
  return callJson(pagePaths.list, { token, json: body });
}

describe('page fields refuse control characters with a 422 naming the field', () => {
  it.each(CONTROLS)('title with %s → 422 naming the title, on create and on update', async (_name, ch) => {
    const { token } = await organiserWithToken();
    const slug = uniqueSlug('pt');
    const created = await save(token, textPage(slug, { title: `Tour${ch}Bcc: vittima@example.it` }));
    expect(created.status).toBe(422);
    expect(created.body).toEqual({ detail: t('pages.title.control') });

    await createPage(token, textPage(slug));
    const updated = await callJson(pagePaths.page(slug), {
      method: 'PUT',
      token,
      json: textPage(slug, { title: `Tour ${slug}${ch}` }),
    });
    expect(updated.status).toBe(422);
    expect(updated.body).toEqual({ detail: t('pages.title.control') });
  });

  it.each(CONTROLS)('display title with %s → 422 naming the display title', async (_name, ch) => {
    const { token } = await organiserWithToken();
    const res = await save(token, textPage(uniqueSlug('pt'), { display_title: `Tour${ch}2027` }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: t('pages.displayTitle.control') });
  });

  const parts: [string, (ch: string) => string, string][] = [
    ['date', (ch) => `12/05/2099${ch} - Milano - Alcatraz|biglietti`, 'pages.date.control'],
    ['city', (ch) => `12/05/2099 - Mil${ch}ano - Alcatraz|biglietti`, 'pages.city.control'],
    ['venue', (ch) => `12/05/2099 - Milano - Alcatraz${ch}|biglietti`, 'pages.venue.control'],
    ['label in the text', (ch) => `12/05/2099 - Milano - Alcatraz|bigli${ch}etti`, 'pages.label.control'],
  ];
  for (const [field, text, key] of parts) {
    it.each(CONTROLS)(`event ${field} with %s → 422 naming it, prefixed with the button`, async (_name, ch) => {
      const { token } = await organiserWithToken();
      const res = await save(token, textPage(uniqueSlug('pt'), { buttons: [eventButton(), eventButton(text(ch))] }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: t('page.buttonPrefix', { n: 2 }) + t(key as 'pages.city.control') });
    });
  }

  it.each(CONTROLS)('a CTA label with %s → 422 naming the CTA text', async (_name, ch) => {
    const { token } = await organiserWithToken();
    const button = eventButton('12/05/2099 - Milano - Alcatraz|biglietti', null, {
      cta_buttons: [
        { url: 'https://www.ticketone.it/x', buttonText: 'biglietti' },
        { url: 'https://www.vivaticket.com/y', buttonText: `VIP${ch}` },
      ],
    });
    const res = await save(token, textPage(uniqueSlug('pt'), { buttons: [button] }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: t('page.buttonPrefix', { n: 1 }) + t('pages.label.control') });
  });

  it.each(CONTROLS)("an image button's text with %s → 422 naming it", async (_name, ch) => {
    const { token } = await organiserWithToken();
    const slug = uniqueSlug('pt');
    const res = await save(token, {
      ...textPage(slug),
      mode: 'image',
      buttons: [{ type: 'image', image_path: '/stores/spotify.svg', text: `Spot${ch}ify`, url: null }],
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: t('page.buttonPrefix', { n: 1 }) + t('pages.imageText.control') });
  });

  it('plain text with accents, emoji, apostrophes and quotes is saved as typed', async () => {
    const { token } = await organiserWithToken();
    const slug = uniqueSlug('pt');
    const page = await createPage(
      token,
      textPage(slug, {
        title: `${PLAIN} ${slug}`,
        display_title: PLAIN,
        buttons: [
          eventButton("sab 12 maggio 2099 - L'Aquila - Caffè “Nero” 🎶|biglietti", null, {
            cta_buttons: [{ url: 'https://www.ticketone.it/x', buttonText: "Prendi l'ultimo 🎟️" }],
          }),
        ],
      }),
    );
    expect(page.title).toBe(`${PLAIN} ${slug}`);
    expect(page.display_title).toBe(PLAIN);
    expect(page.buttons[0]!.text).toBe("sab 12 maggio 2099 - L'Aquila - Caffè “Nero” 🎶|Prendi l'ultimo 🎟️");
    expect(page.buttons[0]!.cta_buttons?.[0]?.buttonText).toBe("Prendi l'ultimo 🎟️");
  });
});

describe('company names refuse control characters wherever they are typed', () => {
  const hidden = `company: ${t('validation.company.hidden')}`;

  it.each(CONTROLS)('registration with %s in the company → 422 naming the company', async (_name, ch) => {
    const res = await callJson('/auth/register', {
      json: { email: uniqueEmail('pt'), password: PASSWORD, full_name: 'Giulia Bianchi', company: `Acme${ch}Live` },
      headers: { 'cf-connecting-ip': uniqueIp() },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: hidden });
  });

  it.each(CONTROLS)("an administrator's change of an account's company with %s → 422", async (_name, ch) => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'active' });
    const res = await callJson(adminPaths.company(user.id), {
      method: 'PATCH',
      token: admin.token,
      json: { company: `Nuova${ch}` },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: hidden });
  });

  it.each(CONTROLS)(
    "an administrator's company for a page with %s → 422, on a move and on create",
    async (_name, ch) => {
      const admin = await adminWithToken();
      const slug = uniqueSlug('pt');
      const created = await save(admin.token, textPage(slug, { company: `${ch}Acme` }));
      expect(created.status).toBe(422);
      expect(created.body).toEqual({ detail: hidden });
      await createPage(admin.token, textPage(slug));
      const moved = await callJson(pagePaths.company(slug), {
        method: 'PATCH',
        token: admin.token,
        json: { company: `Acme${ch}Live` },
      });
      expect(moved.status).toBe(422);
      expect(moved.body).toEqual({ detail: hidden });
    },
  );

  it('names with accents, emoji and apostrophes are still taken', async () => {
    const name = `Caffè d'Autore 🎶 ${Date.now()}`;
    const res = await callJson('/auth/register', {
      json: { email: uniqueEmail('pt'), password: PASSWORD, full_name: 'Giulia Bianchi', company: name },
      headers: { 'cf-connecting-ip': uniqueIp() },
    });
    expect(res.status).toBe(201);
    expect(res.body.company).toBe(name);
    const admin = await adminWithToken();
    const moved = await callJson(adminPaths.company(res.body.id), {
      method: 'PATCH',
      token: admin.token,
      json: { company: `${name} Srl` },
    });
    expect(moved.status).toBe(200);
  });
});

// -- e-mail headers ----------------------------------------------------------------------------

interface OutboxRow {
  subject: string;
  status: string;
  error: string | null;
}

async function outbox(to: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT subject, status, error FROM mail_outbox WHERE to_addr = ? ORDER BY id',
  )
    .bind(to)
    .all<OutboxRow>();
  return results;
}

/** Every request the Worker makes to the provider, with its parsed body; answered 200. */
let provider: unknown[] = [];
const resend = { ...env, MAILER: 'resend', RESEND_API_KEY: 're_test', MAIL_FROM: 'Palco <noreply@palco.example>' };
let printed: string[] = [];

beforeEach(() => {
  provider = [];
  printed = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    provider.push(JSON.parse(String(init?.body)));
    return Response.json({ id: 'msg_1' });
  });
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const LINE_BREAK = /[\r\n]/;

function mail(to: string, extra: Partial<Mail>): Mail {
  return { to, kind: 'fan_confirm', subject: 'Conferma', text: 'Ciao', ...extra };
}

describe('e-mail headers refuse line breaks: the message is not sent, and not stored raw', () => {
  it.each([
    ['subject', { subject: 'Conferma\r\nBcc: vittima@example.it' }],
    ['subject (a line feed alone)', { subject: 'Conferma\nBcc: vittima@example.it' }],
    ['sender name', { fromName: 'Aurora\r\nBcc: vittima@example.it' }],
    ['extra header', { headers: { 'List-Unsubscribe': '<https://x.example/u>\r\nBcc: vittima@example.it' } }],
    ['recipient', { to: 'fan@example.it\r\nBcc: vittima@example.it' }],
  ])('CR/LF in the %s: refused by the resend mailer', async (_name, extra) => {
    const to = uniqueEmail('hdr');
    const message = mail(to, extra as Partial<Mail>);
    const result = await sendMail(resend, message, 'http://localhost/x');
    expect(result.sent).toBe(false);
    expect(provider).toEqual([]);
    const { results } = await env.DB.prepare('SELECT to_addr, subject, status, error FROM mail_outbox WHERE id = ?')
      .bind(result.id)
      .all<OutboxRow & { to_addr: string }>();
    expect(results).toEqual([expect.objectContaining({ status: 'failed', error: expect.stringMatching(/header/) })]);
    expect(results[0]!.subject).not.toMatch(LINE_BREAK);
    expect(results[0]!.to_addr).not.toMatch(LINE_BREAK);
  });

  it('the console mailer prints nothing of a message with CR/LF in its subject', async () => {
    const to = uniqueEmail('hdr');
    const local = { ...env, MAILER: 'console', APP_URL: 'http://localhost:8787' };
    const result = await sendMail(local, mail(to, { subject: 'A\r\nB' }), 'http://localhost:8787/x');
    expect(result.sent).toBe(false);
    expect(printed.filter((line) => line.startsWith('[mail]'))).toEqual([]);
    expect(await outbox(to)).toEqual([expect.objectContaining({ subject: 'A  B', status: 'failed' })]);
  });

  it('a batch holding one message with CR/LF is refused for good, and nothing reaches the provider', async () => {
    const good = uniqueEmail('hdr');
    const bad = uniqueEmail('hdr');
    const outcome = await sendMailBatch(
      resend,
      [mail(good, {}), mail(bad, { subject: 'Nuove date\r\nBcc: vittima@example.it', kind: 'fan_alert' })],
      `k-${Date.now()}`,
      null,
    );
    expect(outcome).toMatchObject({ status: 'rejected', error: expect.stringMatching(/header/) });
    expect(provider).toEqual([]);
    for (const to of [good, bad]) {
      const rows = await outbox(to);
      expect(rows).toEqual([expect.objectContaining({ status: 'failed' })]);
      expect(rows[0]!.subject).not.toMatch(LINE_BREAK);
    }
  });

  it('plain subjects and sender names with accents and emoji go out as before', async () => {
    const to = uniqueEmail('hdr');
    const result = await sendMail(
      resend,
      mail(to, { subject: "Nuova data a L'Aquila: Tour è 🎸", fromName: "Caffè d'Autore" }),
      'http://localhost/x',
    );
    expect(result.sent).toBe(true);
    expect(provider).toEqual([
      expect.objectContaining({
        subject: "Nuova data a L'Aquila: Tour è 🎸",
        from: '"Caffè d\'Autore" <noreply@palco.example>',
      }),
    ]);
  });

  it('a page row stored with CR/LF in its title (old data) never gives a header with CR/LF', async () => {
    const { slug } = await fanPage({ title: `Tour\r\nBcc: vittima@example.it ${Date.now()}` });
    const email = uniqueEmail('fan');
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`http://localhost${fanPaths.signup(slug)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': uniqueIp() },
        body: new URLSearchParams({ email, city: 'Milano' }).toString(),
      }),
      resend,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBeLessThan(500);
    const rows = await outbox(email);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.subject).not.toMatch(LINE_BREAK);
    for (const payload of provider as Array<{ subject: string; from: string; to: string[] }>) {
      expect(payload.subject).not.toMatch(LINE_BREAK);
      expect(payload.from).not.toMatch(LINE_BREAK);
      expect(payload.to.join()).not.toMatch(LINE_BREAK);
    }
  });
});
