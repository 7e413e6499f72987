// The fans' sign-up, POST /{slug}/fans (docs/behaviour.md#signing-up): double opt-in, one answer
// for every address, one confirmation e-mail a day, cities. Refusals: fans-signup-refusals.test.ts;
// what follows a sign-up: fans-signup-after.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAN_CONSENT_VERSION } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { call, callJson, mailbox, uniqueEmail } from './helpers';
import {
  answerOf,
  COMPANY,
  citiesOf,
  confirmMails,
  confirmPath,
  fanCount,
  fanOf,
  fanPage,
  outboxRows,
  signUp,
} from './fans-helpers';

const HOUR_MS = 60 * 60 * 1000;

describe('POST /{slug}/fans: double opt-in', () => {
  it('a sign-up is a pending fan with its consent; it is a fan only once the mailed link is confirmed', async () => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('fan');
    const { status, body } = await callJson(`/${slug}/fans`, {
      form: { email: `  ${email.toUpperCase()} `, city: 'Milano' },
      headers: { accept: 'application/json' },
      settle: true,
    });
    expect(status).toBe(202);
    expect(body).toEqual({ detail: t('fans.public.checkMail') });

    const fan = (await fanOf(id, email))!;
    expect(fan).toMatchObject({ email, consent_version: FAN_CONSENT_VERSION, confirmed_at: null });
    expect(Date.parse(fan.consent_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(fan.confirm_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(fan.confirm_sent_at).not.toBeNull();
    expect(await citiesOf(fan.id)).toEqual([{ city_key: 'milano', city: 'Milano', requested: 0 }]);

    // the confirmation e-mail: text and HTML, the page's title, the city, the link
    const [mail] = await outboxRows(email);
    expect(mail).toMatchObject({
      kind: 'fan_confirm',
      subject: t('fans.confirmMail.subject', { title: `Tour ${slug}` }),
    });
    expect(mail!.body_text).toContain(COMPANY);
    expect(mail!.body_text).toContain('(Milano)');
    expect(mail!.body_text).toContain(`http://localhost:8787/${slug}/fans/confirm?token=`);
    expect(mail!.body_html).toContain(`href="http://localhost:8787/${slug}/fans/confirm?token=`);
    expect(mail!.body_html).toContain(t('fans.confirmMail.button'));

    const path = await confirmPath(email);
    const done = await call(path, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(t('fans.confirm.doneTitle'));
    const confirmed = (await fanOf(id, email))!;
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.confirm_hash).toBeNull();
  });

  it('the e-mail comes from the organiser: its sender name is the company', async () => {
    const { fanConfirmMail } = await import('../../worker/services/fans/signup');
    const { resendPayload } = await import('../../worker/services/mail');
    const mail = fanConfirmMail(
      { email: 'a@b.it', title: 'Tour <X>', company: 'Aurora "Live"' },
      ['Milano'],
      'https://x/y?token=z',
    );
    expect(resendPayload({ MAIL_FROM: 'Palco <noreply@palco.example>' }, mail).from).toBe(
      '"Aurora Live" <noreply@palco.example>',
    );
    // the HTML escapes what it shows
    expect(mail.html).toContain('Tour &lt;X&gt;');
    expect(mail.html).not.toContain('<X>');
  });
});

describe('POST /{slug}/fans: the same answer for every address', () => {
  it('new, pending, confirmed and suppressed addresses get the same status and body, form and script alike', async () => {
    const { slug, id } = await fanPage();
    const pending = uniqueEmail('attesa');
    const confirmed = uniqueEmail('confermato');
    const suppressed = uniqueEmail('soppresso');
    await signUp(slug, { email: pending, city: 'Roma' });
    await signUp(slug, { email: confirmed, city: 'Roma' });
    await call(await confirmPath(confirmed), { method: 'POST' });
    await env.DB.prepare("INSERT INTO fan_suppressions (email, reason) VALUES (?, 'bounced')").bind(suppressed).run();

    for (const json of [false, true]) {
      const answers = [];
      for (const email of [uniqueEmail('nuovo'), pending, confirmed, suppressed]) {
        answers.push(await answerOf(await signUp(slug, { email, city: 'Milano' }, { json })));
      }
      expect(answers[0]!.status).toBe(json ? 202 : 200);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
    // the suppressed address: nothing stored, nothing sent
    expect(await fanCount(suppressed)).toBe(0);
    expect(await outboxRows(suppressed)).toEqual([]);
    // the confirmed fan does not follow Milano until it confirms it (docs/behaviour.md#signing-up);
    // its first e-mail went out today, so the caps send no second one
    const fan = (await fanOf(id, confirmed))!;
    expect((await citiesOf(fan.id)).map((c) => c.city_key)).toEqual(['roma']);
    expect(await confirmMails(confirmed)).toHaveLength(1);
  });

  it('the plain form gets a small page in the page style: the message, a link back, a CSP with no script', async () => {
    const { slug } = await fanPage({ style: 'dark' });
    const res = await signUp(slug, { email: uniqueEmail(), city: '*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain(t('fans.page.sentTitle'));
    expect(html).toContain(t('fans.public.checkMail').replace(/'/g, '&#x27;'));
    expect(html).toContain(`href="/${slug}"`);
    expect(html).toContain('--bg:#0B0B0F');
    expect(html).not.toMatch(/<script/);
    expect(html).not.toMatch(/https?:\/\//);
  });
});

describe('POST /{slug}/fans: one confirmation e-mail per address and page per 24 hours', () => {
  it('signing up again within 24 h adds the city and mails nothing; after 24 h a new link replaces the old', async () => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('ripete');
    await signUp(slug, { email, city: 'Milano' });
    const first = await confirmPath(email);
    await signUp(slug, { email, city: 'Roma' });
    await signUp(slug, { email, city: 'Roma' });
    expect(await confirmMails(email)).toHaveLength(1);
    const fan = (await fanOf(id, email))!;
    expect((await citiesOf(fan.id)).map((c) => c.city_key)).toEqual(['milano', 'roma']);

    // 25 hours later (the caps' claim of the mailbox too)
    await env.DB.prepare('UPDATE fans SET confirm_sent_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 25 * HOUR_MS).toISOString(), fan.id)
      .run();
    await env.DB.prepare('UPDATE fan_confirm_sends SET sent_at = ? WHERE page_id = ?')
      .bind(new Date(Date.now() - 25 * HOUR_MS).toISOString(), id)
      .run();
    await signUp(slug, { email, city: '*' });
    expect(await confirmMails(email)).toHaveLength(2);
    const second = await confirmPath(email);
    expect(second).not.toBe(first);
    // the second mail names every city the address follows
    expect((await mailbox(email))[0]!.text).toContain('(Milano, Roma, Tutte le date)');
    // the old link is replaced: it shows the 'no longer valid' page and confirms nothing
    expect((await call(first, { method: 'POST' })).status).toBe(404);
    expect((await fanOf(id, email))!.confirmed_at).toBeNull();
    expect((await call(second, { method: 'POST' })).status).toBe(200);
    expect((await fanOf(id, email))!.confirmed_at).not.toBeNull();
  });

  it('the rule is per page: the same address signing up on two pages gets one e-mail for each', async () => {
    const a = await fanPage();
    const b = await fanPage();
    const email = uniqueEmail('duepagine');
    await signUp(a.slug, { email, city: 'Milano' });
    await signUp(b.slug, { email, city: 'Milano' });
    await signUp(b.slug, { email, city: 'Roma' });
    const mails = await confirmMails(email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => new URL(m.links[0]!).pathname).sort()).toEqual(
      [`/${a.slug}/fans/confirm`, `/${b.slug}/fans/confirm`].sort(),
    );
  });

  it('a pending address that confirms its first link follows every city it added meanwhile', async () => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('attende');
    await signUp(slug, { email, city: 'Roma' });
    await signUp(slug, { email, city: '+', other_city: 'Cagliari' });
    expect((await fanOf(id, email))!.confirmed_at).toBeNull();
    await call(await confirmPath(email), { method: 'POST' });
    const fan = (await fanOf(id, email))!;
    expect(fan.confirmed_at).not.toBeNull();
    expect((await citiesOf(fan.id)).map((c) => c.city_key)).toEqual(['cagliari', 'roma']);
  });
});

describe('POST /{slug}/fans: cities', () => {
  it.each([
    [{ city: 'Milano' }, { city_key: 'milano', city: 'Milano', requested: 0 }],
    // the select's value is matched by its key, whatever the spelling
    [{ city: ' MILANO ' }, { city_key: 'milano', city: 'Milano', requested: 0 }],
    [{ city: 'forli' }, { city_key: 'forli', city: 'Forlì', requested: 0 }],
    // a typed city that is on the tour, under another name: the tour's city, not a request
    [
      { city: '+', other_city: 'Milan' },
      { city_key: 'milano', city: 'Milano', requested: 0 },
    ],
    [
      { city: '+', other_city: '  rome ' },
      { city_key: 'roma', city: 'Roma', requested: 0 },
    ],
    // a city not on the tour: a requested city, as typed (tidied)
    [
      { city: '+', other_city: '  Reggio   Emilia ' },
      { city_key: 'reggio nell emilia', city: 'Reggio Emilia', requested: 1 },
    ],
    [
      { city: '+', other_city: 'Cagliari' },
      { city_key: 'cagliari', city: 'Cagliari', requested: 1 },
    ],
    [{ city: '*' }, { city_key: '*', city: 'Tutte le date', requested: 0 }],
    // the typed field is ignored unless 'Un'altra città' is chosen
    [
      { city: 'Roma', other_city: 'Bari' },
      { city_key: 'roma', city: 'Roma', requested: 0 },
    ],
  ])('%o follows %o', async (fields, expected) => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('citta');
    expect((await signUp(slug, { email, ...fields })).status).toBe(200);
    expect(await citiesOf((await fanOf(id, email))!.id)).toEqual([expected]);
  });

  it.each([
    [{ city: 'Bari' }, 'fans.public.invalidCity'],
    [{ city: '' }, 'fans.public.invalidCity'],
    [{ city: '+' }, 'fans.public.otherCityMissing'],
    [{ city: '+', other_city: '   ' }, 'fans.public.otherCityMissing'],
    [{ city: '+', other_city: '?!…' }, 'fans.public.otherCityMissing'],
  ] as const)('%o is a 422 with the Italian reason, nothing stored', async (fields, key) => {
    const { slug } = await fanPage();
    const email = uniqueEmail('sbagliata');
    const { status, body } = await callJson(`/${slug}/fans`, {
      form: { email, ...fields },
      headers: { accept: 'application/json' },
      settle: true,
    });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: t(key) });
    expect(await fanCount(email)).toBe(0);
  });

  it('a past date is no choice: only upcoming cities are, and a page with none still offers all dates', async () => {
    const { slug, id } = await fanPage({
      buttons: [{ text: '12 marzo 2001 - Milano - Alcatraz|biglietti', cta_buttons: [{ url: '', buttonText: 'x' }] }],
    });
    expect((await signUp(slug, { email: uniqueEmail(), city: 'Milano' }, { json: true })).status).toBe(422);
    const email = uniqueEmail('tutte');
    expect((await signUp(slug, { email, city: '*' }, { json: true })).status).toBe(202);
    // Milano has no upcoming date: typed, it is a requested city
    await signUp(slug, { email, city: '+', other_city: 'Milano' });
    expect(await citiesOf((await fanOf(id, email))!.id)).toEqual([
      { city_key: '*', city: 'Tutte le date', requested: 0 },
      { city_key: 'milano', city: 'Milano', requested: 1 },
    ]);
  });
});
