// The 'Avvisami' sign-up as a hostile outsider uses it (docs/behaviour.md#signing-up): addresses
// that are only bare addresses, the confirmation e-mails capped per mailbox (not per spelling)
// even under parallel sign-ups, no visitor text in a mail to an unconfirmed address, and a
// confirmed fan's cities changed only with the fan's consent.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAN_CITY_MAX, FAN_CONFIRM_MAILBOX_DAILY } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { fanAlertSchema } from '../../src/core/schemas/fans';
import { alertMails, alertPage, BASE, kept, savePage, seedFan, TORINO } from './fan-alerts-helpers';
import { citiesOf, confirmPath, fanOf, fanPage, signUp, uniqueIp } from './fans-helpers';
import { PLACE_NAMES } from '../place-names';
import { call, callJson, eventButton } from './helpers';
import { eventually } from './counting-helpers';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let seq = 0;
/** An address of its own: `name.<time>.<n>` at `domain`. */
function address(name: string, domain = 'mail.test'): string {
  seq += 1;
  return `${name}.${Date.now().toString(36)}.${seq}@${domain}`;
}

/** The confirmation e-mails in the outbox to any of these addresses (any status). */
async function confirmRows(to: readonly string[]) {
  const { results } = await env.DB.prepare(
    `SELECT to_addr, subject, body_text, body_html FROM mail_outbox
     WHERE kind = 'fan_confirm' AND to_addr IN (SELECT value FROM json_each(?)) ORDER BY id`,
  )
    .bind(JSON.stringify(to))
    .all<{ to_addr: string; subject: string; body_text: string; body_html: string | null }>();
  return results;
}

async function fansWith(email: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM fans WHERE email = ?').bind(email).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The script's sign-up from a network of its own, waited for. */
function post(slug: string, fields: Record<string, string>) {
  return callJson(`/${slug}/fans`, {
    form: fields,
    headers: { accept: 'application/json', 'cf-connecting-ip': uniqueIp() },
    settle: true,
  });
}

/** Status, content type and body of an answer, to compare answers whole. */
async function answerOf(res: Response) {
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** Moves every confirmation claim of these pages `ms` into the past (the clock, not the rule). */
async function ageClaims(pageIds: number[], ms: number) {
  await env.DB.prepare(
    `UPDATE fan_confirm_sends SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', sent_at, ?)
     WHERE page_id IN (SELECT value FROM json_each(?))`,
  )
    .bind(`-${Math.round(ms / 1000)} seconds`, JSON.stringify(pageIds))
    .run();
}

describe('POST /{slug}/fans: only a bare address', () => {
  const local64 = 'a'.repeat(64);
  // 64 + 1 + 63 + 1 + 63 + 1 + 58 + 3 = 254 characters; one more letter makes 255
  const longest = `${local64}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.it`;
  const tooLong = `${local64}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.it`;

  it.each([
    'n1<target@mail.test>',
    'Nome <target@mail.test>',
    '<target@mail.test>',
    '"a b"@x.it',
    '"ab"@x.it',
    'a(c)@x.it',
    'a@x.it(c)',
    'a @x.it',
    'a@x.it\n',
    'a@x.it\r\nBcc: b@x.it',
    'a\t@x.it',
    'a@x.it,b@x.it',
    'a@b@x.it',
    '.a@x.it',
    'a.@x.it',
    'a..b@x.it',
    'a@x_y.it',
    'a@-x.it',
    'a@x.it.',
    'a@[127.0.0.1]',
    'a@127.0.0.1',
    'a@0x7f.1',
    'a@x%2eit',
    'a@x.it/b',
    'a@x.it:25',
    'a\u200b@x.it',
    // a letter beyond ASCII in the local part (SMTPUTF8 is not assumed)
    'Ä@ÉXAMPLE.it',
    `${'a'.repeat(65)}@x.it`,
    tooLong,
  ])('%j → 422 with the Italian reason; nothing stored, nothing sent', async (email) => {
    const { slug } = await fanPage();
    const { status, body } = await post(slug, { email, city: 'Milano' });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: t('fans.public.invalidEmail') });
    expect(await confirmRows(['target@mail.test', 'a@x.it', 'b@x.it'])).toEqual([]);
  });

  it('the message says the address is not valid', () => {
    expect(t('fans.public.invalidEmail')).toBe('Indirizzo email non valido');
  });

  it.each([
    ['a@EXAMPLE.IT', 'a@example.it'],
    ['  Mario.Rossi@Example.IT ', 'mario.rossi@example.it'],
    ['a@ÉXAMPLE.it', 'a@xn--xample-9ua.it'],
    ['a@münchen.de', 'a@xn--mnchen-3ya.de'],
    ["o'neil+tour_1@x.it", "o'neil+tour_1@x.it"],
    ['x!#$%&*/=?^`{|}~-@x.it', 'x!#$%&*/=?^`{|}~-@x.it'],
    [longest, longest],
  ])('%j is stored as %j', async (email, stored) => {
    expect(stored.length).toBeLessThanOrEqual(254);
    const { slug, id } = await fanPage();
    const { status } = await post(slug, { email, city: 'Milano' });
    expect(status).toBe(202);
    expect(await fanOf(id, stored)).not.toBeNull();
  });

  it('the display-name flood: each spelling is refused, the victim gets nothing', async () => {
    const { slug } = await fanPage();
    const victim = address('vittima');
    for (let i = 1; i <= 12; i++) {
      const { status } = await post(slug, { email: `n${i}<${victim}>`, city: 'Milano' });
      expect(status).toBe(422);
    }
    expect(await confirmRows([victim])).toEqual([]);
    expect(await fansWith(victim)).toBe(0);
  });
});

describe('POST /{slug}/fans: the caps count the mailbox, atomically', () => {
  it(`12 parallel sign-ups of one address on 12 pages: ${FAN_CONFIRM_MAILBOX_DAILY} e-mails at most`, async () => {
    const pages = await Promise.all(Array.from({ length: 12 }, () => fanPage()));
    const email = address('parallelo');
    const answers = await Promise.all(pages.map((p) => post(p.slug, { email, city: 'Milano' })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(202));
    expect(await confirmRows([email])).toHaveLength(FAN_CONFIRM_MAILBOX_DAILY);
    // every sign-up is kept: the fan row waits on each page
    expect(await fansWith(email)).toBe(12);
  });

  it('12 parallel sign-ups of one address on one page: one e-mail', async () => {
    const { slug } = await fanPage();
    const email = address('unapagina');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(slug, { email, city: i % 2 ? 'Roma' : 'Milano' })),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(await confirmRows([email])).toHaveLength(1);
  });

  it('the plus-tag flood on one page: one e-mail; the stored address keeps its tag', async () => {
    const { slug, id } = await fanPage();
    const base = `tag${Date.now().toString(36)}`;
    const spellings = Array.from({ length: 30 }, (_, i) => `${base}+${i + 1}@Mail.Test`);
    await Promise.all(spellings.map((email) => post(slug, { email, city: 'Milano' })));
    const stored = spellings.map((s) => s.toLowerCase());
    expect(await confirmRows([...stored, `${base}@mail.test`])).toHaveLength(1);
    expect(await fanOf(id, `${base}+7@mail.test`)).not.toBeNull();
    // the bare address is the same mailbox
    await post(slug, { email: `${base.toUpperCase()}@mail.test`, city: 'Roma' });
    expect(await confirmRows([...stored, `${base}@mail.test`])).toHaveLength(1);
  });

  it(`the plus-tag flood on 30 pages: ${FAN_CONFIRM_MAILBOX_DAILY} e-mails`, async () => {
    const pages = await Promise.all(Array.from({ length: 30 }, () => fanPage()));
    const base = `giro${Date.now().toString(36)}`;
    const spellings = pages.map((_, i) => `${base}+${i + 1}@mail.test`);
    await Promise.all(pages.map((p, i) => post(p.slug, { email: spellings[i]!, city: '*' })));
    expect(await confirmRows(spellings)).toHaveLength(FAN_CONFIRM_MAILBOX_DAILY);
  });

  it('a day later the mailbox may be mailed again (the old claims pruned: maintenance.test.ts)', async () => {
    const a = await fanPage();
    const email = address('giorno');
    await post(a.slug, { email, city: 'Milano' });
    await post(a.slug, { email, city: 'Roma' });
    expect(await confirmRows([email])).toHaveLength(1);
    await ageClaims([a.id], DAY_MS + 60_000);
    await post(a.slug, { email, city: 'Forlì' });
    expect(await confirmRows([email])).toHaveLength(2);
  });
});

describe("POST /{slug}/fans: 'Un'altra città' is a place name, and never in a mail to an unconfirmed address", () => {
  it.each([
    'Roma. AVVISO: rimborso su https://evil.test/r',
    'Roma 2',
    'Roma.',
    'Roma/Lazio',
    'evil@test',
    'Roma: rimborso',
    'Roma\nAVVISO',
    'Roma\tNord',
    'Roma (RM)',
    'x'.repeat(FAN_CITY_MAX + 1),
  ])('%j → 422 naming the rule; nothing stored', async (other) => {
    const { slug } = await fanPage();
    const email = address('altra');
    const { status, body } = await post(slug, { email, city: '+', other_city: other });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: t('fans.public.otherCityInvalid', { max: FAN_CITY_MAX }) });
    expect(await fansWith(email)).toBe(0);
    expect(await confirmRows([email])).toEqual([]);
  });

  it.each(PLACE_NAMES)('%j is taken as a requested city; the e-mail does not name it', async (other) => {
    const { slug, id } = await fanPage();
    const email = address('chiesta');
    const { status } = await post(slug, { email, city: '+', other_city: other });
    expect(status).toBe(202);
    const fan = (await fanOf(id, email))!;
    expect(await citiesOf(fan.id)).toEqual([expect.objectContaining({ city: other, requested: 1 })]);
    const [mail] = await confirmRows([email]);
    expect(mail).toBeDefined();
    for (const part of [mail!.subject, mail!.body_text, mail!.body_html ?? '']) expect(part).not.toContain(other);
    // it still reads well: the sentence for a city the fan typed
    expect(mail!.body_text).toContain(
      t('fans.confirmMail.introOther', { company: 'Concerti Aurora Srl', title: `Tour ${slug}` }),
    );
  });

  it('a later e-mail names the tour cities only', async () => {
    const { slug, id } = await fanPage();
    const email = address('mista');
    await post(slug, { email, city: '+', other_city: 'Sankt Pölten' });
    await ageClaims([id], DAY_MS + 60_000);
    await post(slug, { email, city: 'Milano' });
    const mails = await confirmRows([email]);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body_text).toContain('Milano');
    expect(mails[1]!.body_text).not.toContain('Pölten');
    expect(mails[1]!.body_html).not.toContain('Pölten');
  });
});

describe("a confirmed fan's cities change only with the fan's consent", () => {
  it("a stranger's sign-up for another city: cities unchanged, one e-mail, the same answer; the fan's POST adds it", async () => {
    const { slug, id } = await fanPage();
    const fan = address('fan');
    const fanId = await seedFan(id, fan, ['Roma']);
    const before = await citiesOf(fanId);

    const newcomer = await answerOf(
      await signUp(slug, { email: address('nuovo'), city: 'Milano' }, { json: true, ip: uniqueIp() }),
    );
    const stranger = await answerOf(await signUp(slug, { email: fan, city: 'Milano' }, { json: true, ip: uniqueIp() }));
    expect(stranger).toEqual(newcomer);
    // the plain form too
    const newcomerForm = await answerOf(
      await signUp(slug, { email: address('nuovo'), city: 'Milano' }, { ip: uniqueIp() }),
    );
    const strangerForm = await answerOf(await signUp(slug, { email: fan, city: 'Forlì' }, { ip: uniqueIp() }));
    expect(strangerForm).toEqual(newcomerForm);

    expect(await citiesOf(fanId)).toEqual(before);
    const mails = await confirmRows([fan]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(t('fans.cityMail.subject', { title: `Tour ${slug}` }));
    expect(mails[0]!.body_text).toContain('Milano');

    // the GET only shows what the button adds
    const path = await confirmPath(fan);
    const page = await call(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Milano');
    expect(html).toContain('Forlì');
    // it says it adds a city, not that it confirms a sign-up
    expect(html).toContain(t('fans.confirm.cityTitle'));
    expect(html).toContain(t('fans.confirm.cityButton'));
    expect(html).not.toContain(t('fans.confirm.title'));
    expect(await citiesOf(fanId)).toEqual(before);

    const done = await call(path, { method: 'POST' });
    expect(done.status).toBe(200);
    expect((await citiesOf(fanId)).map((c) => c.city_key)).toEqual(['forli', 'milano', 'roma']);
    expect((await fanOf(id, fan))!.confirm_hash).toBeNull();
    // the link works once
    expect((await call(path, { method: 'POST' })).status).toBe(404);
    // a second sign-up within 24 hours: the request waits, no second e-mail
    await post(slug, { email: fan, city: '*' });
    expect(await confirmRows([fan])).toHaveLength(1);
    expect((await citiesOf(fanId)).map((c) => c.city_key)).toEqual(['forli', 'milano', 'roma']);
  });

  it('a city the fan follows already: no request, no e-mail', async () => {
    const { slug, id } = await fanPage();
    const fan = address('gia');
    await seedFan(id, fan, ['Roma']);
    await post(slug, { email: fan, city: 'Roma' });
    expect(await confirmRows([fan])).toEqual([]);
  });

  it('a requested city: the e-mail does not echo it, the confirm page names it; then an alert there reaches the fan', async () => {
    const p = await alertPage();
    const fan = address('richiesta');
    const fanId = await seedFan(p.id, fan, ['Roma']);
    await post(p.slug, { email: fan, city: '+', other_city: 'Torino' });
    const [mail] = await confirmRows([fan]);
    expect(mail).toBeDefined();
    for (const part of [mail!.subject, mail!.body_text, mail!.body_html ?? '']) expect(part).not.toContain('Torino');
    expect((await citiesOf(fanId)).map((c) => c.city_key)).toEqual(['roma']);

    const path = await confirmPath(fan);
    expect(await (await call(path)).text()).toContain('Torino');
    expect((await call(path, { method: 'POST' })).status).toBe(200);
    expect(await citiesOf(fanId)).toEqual([
      { city_key: 'roma', city: 'Roma', requested: 0 },
      { city_key: 'torino', city: 'Torino', requested: 1 },
    ]);
    // a date in Torino now: the fan is among the alert's recipients, and 'Invia ora' tells the fan
    const page = await savePage(p, [...kept(p), eventButton(TORINO)]);
    const alert = fanAlertSchema.parse(page.fan_alerts[0]);
    expect(alert.recipients).toBe(1);
    const sent = await call(`${BASE}/${p.slug}/fans/alerts/${alert.id}/send`, { method: 'POST', token: p.user.token });
    expect(sent.status).toBe(200);
    const rows = await eventually(
      () => alertMails([fan]),
      (r) => r.some((m) => m.status === 'sent'),
    );
    expect(rows.map((r) => r.to_addr)).toEqual([fan]);
  });
});
