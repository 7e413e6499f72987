import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { FAN_CONSENT_VERSION, FAN_PENDING_DAYS } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { NETWORK_LIMITS } from '../../worker/services/throttle';
import { MAIL_OUTBOX_RETENTION_DAYS, MAINTENANCE_STEPS, runMaintenance } from '../../worker/services/maintenance';
import { call, callJson, mailbox, uniqueEmail, createPage, textPage, uniqueSlug, adminWithToken } from './helpers';
import { PHONE_UA, countsWritten, eventually, published, signupsBy } from './counting-helpers';
import { COMPANY, citiesOf, confirmMails, confirmPath, fanOf, fanPage, signUp, uniqueIp } from './fans-helpers';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

async function outboxRows(to: string) {
  const { results } = await env.DB.prepare(
    'SELECT kind, subject, body_text, body_html FROM mail_outbox WHERE to_addr = ? ORDER BY id',
  )
    .bind(to)
    .all<{ kind: string; subject: string; body_text: string; body_html: string | null }>();
  return results;
}

async function fanCount(email: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM fans WHERE email = ?').bind(email).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Status, content type and body of an answer, to compare answers whole. */
async function answerOf(res: Response) {
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

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
    const { fanConfirmMail } = await import('../../worker/services/fan-signup');
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

describe('POST /{slug}/fans: bad input is a 4xx, never a 5xx', () => {
  it.each([
    ['no body', undefined, undefined],
    ['JSON', 'application/json', JSON.stringify({ email: 'a@b.it', city: 'Milano' })],
    ['text', 'text/plain', 'email=a@b.it&city=Milano'],
    ['no email', 'application/x-www-form-urlencoded', 'city=Milano'],
    ['no city', 'application/x-www-form-urlencoded', 'email=a%40b.it'],
    [
      'broken multipart',
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\na',
    ],
    [
      'a file for the email',
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="email"; filename="a.txt"\r\n\r\na@b.it\r\n--zz\r\nContent-Disposition: form-data; name="city"\r\n\r\nMilano\r\n--zz--\r\n',
    ],
    ['an overlong city', 'application/x-www-form-urlencoded', `email=a%40b.it&city=${'x'.repeat(2000)}`],
  ])('%s → 422 with the Italian detail', async (_name, type, body) => {
    const { slug } = await fanPage();
    const res = await call(`/${slug}/fans`, {
      method: 'POST',
      body,
      headers: { accept: 'application/json', ...(type ? { 'content-type': type } : {}) },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: t('fans.public.invalidForm') });
  });

  it.each([
    '',
    'mario',
    'mario@',
    '@esempio.it',
    'mario@esempio',
    'ma rio@esempio.it',
    'mario@esempio..it',
    `${'x'.repeat(250)}@esempio.it`,
  ])('the address %j → 422', async (email) => {
    const { slug } = await fanPage();
    const { status, body } = await callJson(`/${slug}/fans`, {
      form: { email, city: 'Milano' },
      headers: { accept: 'application/json' },
    });
    expect(status).toBe(422);
    expect(body).toEqual({ detail: t('fans.public.invalidEmail') });
  });

  it('the plain form gets its error as a page with the link back, same status', async () => {
    const { slug } = await fanPage();
    const res = await signUp(slug, { email: 'nope', city: 'Milano' });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(t('fans.page.errorTitle'));
    expect(html).toContain(t('fans.public.invalidEmail'));
    expect(html).toContain(`href="/${slug}"`);
  });

  it('a body over the small cap is a 413', async () => {
    const { slug } = await fanPage();
    const res = await call(`/${slug}/fans`, {
      form: { email: 'a@b.it', city: 'Milano', website: '', r: 'x'.repeat(20_000) },
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(413);
  });

  it('the source fields of the script (u, r) are taken and do not change the answer', async () => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('fonte');
    const res = await signUp(
      slug,
      { email, city: 'Roma', u: 'instagram', r: 'https://l.instagram.com' },
      { json: true },
    );
    expect(res.status).toBe(202);
    expect(await fanOf(id, email)).not.toBeNull();
  });
});

describe('POST /{slug}/fans: pages that take no sign-up are 404', () => {
  it.each([
    ['hidden', { visible: false }],
    ['not open yet', { visible_from: '2098-01-01T00:00:00Z' }],
    ['closed', { visible_until: '2001-01-01T00:00:00Z' }],
    ['with the block off', { fan_signup: false }],
    [
      'in image mode',
      {
        mode: 'image' as const,
        buttons: [{ type: 'image' as const, image_path: '/stores/spotify.svg', url: 'https://x.it' }],
      },
    ],
  ])('a page %s', async (_name, page) => {
    const { slug } = await fanPage(page);
    const email = uniqueEmail('chiusa');
    const { status, body } = await callJson(`/${slug}/fans`, {
      form: { email, city: '*' },
      headers: { accept: 'application/json' },
      settle: true,
    });
    expect(status).toBe(404);
    expect(body).toEqual({ detail: t('fans.public.closed') });
    expect(await fanCount(email)).toBe(0);
    // the plain form: a page, no 500
    const res = await signUp(slug, { email, city: '*' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(t('fans.page.closedTitle'));
  });

  it.each(['nessunapagina123', 'api', 'admin', 'x'.repeat(80), 'Maiuscole'])('the slug %j', async (slug) => {
    const res = await signUp(slug, { email: uniqueEmail(), city: '*' }, { json: true });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: t('fans.public.closed') });
  });
});

describe('POST /{slug}/fans: honeypot and network limit', () => {
  it('a filled honeypot gets the success answer; nothing is stored or sent and no limit is used', async () => {
    const { slug } = await fanPage();
    const email = uniqueEmail('robot');
    const ip = uniqueIp();
    const person = await answerOf(
      await signUp(slug, { email: uniqueEmail('persona'), city: 'Milano' }, { json: true }),
    );
    const robot = await answerOf(
      await signUp(slug, { email, city: 'Milano', website: 'https://spam.example' }, { json: true, ip }),
    );
    expect(robot).toEqual(person);
    expect(await fanCount(email)).toBe(0);
    expect(await outboxRows(email)).toEqual([]);
    const used = await env.DB.prepare("SELECT COUNT(*) AS n FROM rate_events WHERE scope = 'fan-signup' AND net = ?")
      .bind(ip)
      .first<{ n: number }>();
    expect(used?.n).toBe(0);
  });

  it(`a network gets ${NETWORK_LIMITS['fan-signup'].max} sign-ups an hour, then a 429 in Italian; another network is not affected`, async () => {
    const { slug } = await fanPage();
    const ip = uniqueIp();
    const { max } = NETWORK_LIMITS['fan-signup'];
    for (let i = 0; i < max; i++) {
      const res = await signUp(slug, { email: uniqueEmail('rete'), city: '*' }, { json: true, ip, settle: false });
      expect(res.status).toBe(202);
    }
    const email = uniqueEmail('troppi');
    const { status, body, res } = await callJson(`/${slug}/fans`, {
      form: { email, city: '*' },
      headers: { accept: 'application/json', 'cf-connecting-ip': ip },
      settle: true,
    });
    expect(status).toBe(429);
    expect(body.detail).toMatch(/^Troppe iscrizioni dalla tua rete in poco tempo\. Riprova tra \d+ minuti\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fanCount(email)).toBe(0);
    // the plain form: the message and the link back, same status
    const page = await signUp(slug, { email, city: '*' }, { ip });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(`href="/${slug}"`);
    expect((await signUp(slug, { email, city: '*' }, { json: true, ip: uniqueIp() })).status).toBe(202);
  });
});

describe('unconfirmed sign-ups', () => {
  it(`are deleted by the hourly maintenance ${FAN_PENDING_DAYS} days after their last confirmation e-mail; confirmed fans stay`, async () => {
    const { slug, id } = await fanPage();
    const old = uniqueEmail('vecchio');
    const recent = uniqueEmail('recente');
    const mailedAgain = uniqueEmail('rinnovato');
    const fan = uniqueEmail('fedele');
    for (const email of [old, recent, mailedAgain, fan]) await signUp(slug, { email, city: 'Milano' });
    await call(await confirmPath(fan), { method: 'POST' });
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const age = (email: string, created: number, mailed: number) =>
      env.DB.prepare('UPDATE fans SET created_at = ?, confirm_sent_at = ? WHERE page_id = ? AND email = ?')
        .bind(ago(created), ago(mailed), id, email)
        .run();
    const week = FAN_PENDING_DAYS * DAY_MS;
    await age(old, week + 60_000, week + 60_000);
    await age(recent, week - 60_000, week - 60_000);
    // signed up long ago, its link mailed again yesterday: that link has its days
    await age(mailedAgain, week + DAY_MS, DAY_MS);
    await env.DB.prepare('UPDATE fans SET created_at = ? WHERE page_id = ? AND email = ?')
      .bind(ago(week * 4), id, fan)
      .run();
    const oldId = (await fanOf(id, old))!.id;

    const step = MAINTENANCE_STEPS.filter((s) => s.name === 'prune-pending-fans');
    expect(step).toHaveLength(1);
    const [result] = await runMaintenance(env, now, step);
    expect(result).toMatchObject({ ok: true });
    expect(result!.count).toBeGreaterThanOrEqual(1);
    expect(await fanOf(id, old)).toBeNull();
    // its cities went with it
    expect(await citiesOf(oldId)).toEqual([]);
    expect(await fanOf(id, recent)).not.toBeNull();
    expect(await fanOf(id, mailedAgain)).not.toBeNull();
    expect(await fanOf(id, fan)).not.toBeNull();
  });
});

describe('a confirmation e-mail that does not go out', () => {
  it('frees its slot: the next sign-up mails at once instead of 24 hours later', async () => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('nonpartita');
    const request = new Request(`http://localhost/${slug}/fans`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, city: 'Roma' }),
    });
    const ctx = createExecutionContext();
    // the real mailer without its key: the provider call fails
    const res = await worker.fetch(request, { ...env, MAILER: 'resend', RESEND_API_KEY: '' }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(202);
    const [failed] = await outboxRows(email);
    expect(failed?.kind).toBe('fan_confirm');
    expect((await fanOf(id, email))!.confirm_sent_at).toBeNull();

    await signUp(slug, { email, city: 'Roma' });
    expect(await confirmMails(email)).toHaveLength(2);
    expect((await fanOf(id, email))!.confirm_sent_at).not.toBeNull();
  });
});

describe('privacy and e-mail texts', () => {
  it('say the retention the code applies', () => {
    expect(t('fans.privacy.body')).toContain(`dopo ${FAN_PENDING_DAYS} giorni`);
    expect(t('fans.privacy.body')).toContain(`per ${MAIL_OUTBOX_RETENTION_DAYS} giorni`);
    expect(t('fans.confirmMail.ignore', { days: FAN_PENDING_DAYS })).toContain(`entro ${FAN_PENDING_DAYS} giorni`);
  });
});

describe("the published page's block names the page's company", () => {
  it('from the first publish, and again after an administrator changes the company', async () => {
    const admin = await adminWithToken({ company: null });
    const slug = uniqueSlug('azienda');
    await createPage(admin.token, textPage(slug, { company: 'Prima Live Srl' }));
    const consent = (company: string) => t('fans.public.consent', { company, title: 'Tour' }).replace(/'/g, '&#x27;');
    expect(await (await call(`/${slug}`)).text()).toContain(consent('Prima Live Srl'));

    const res = await call(pagePaths.company(slug), {
      method: 'PATCH',
      json: { company: 'Seconda Live Srl' },
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const html = await (await call(`/${slug}`)).text();
    expect(html).toContain(consent('Seconda Live Srl'));
    expect(html).not.toContain('Prima Live Srl');
  });
});

describe('POST /{slug}/fans: a sign-up is a conversion of its source', () => {
  it("counts in the page's statistics under the source the page script passes, never a honeypot or a refusal", async () => {
    const { slug } = await fanPage();
    const phone = { 'user-agent': PHONE_UA };
    const post = (fields: Record<string, string>) =>
      call(`/${slug}/fans`, { form: fields, headers: { ...phone, accept: 'application/json' }, settle: true });
    expect((await post({ email: uniqueEmail('conv'), city: 'Milano', u: 'Newsletter' })).status).toBe(202);
    expect((await post({ email: uniqueEmail('conv'), city: '*', r: 'https://l.instagram.com' })).status).toBe(202);
    // a plain form POST from the page opened with ?utm_source=qr
    const plain = await call(`/${slug}/fans`, {
      form: { email: uniqueEmail('conv'), city: 'Milano' },
      headers: { ...phone, referer: `http://localhost/${slug}?utm_source=qr` },
      settle: true,
    });
    expect(plain.status).toBe(200);
    // nothing a person did not sign up with counts
    expect((await post({ email: uniqueEmail('conv'), city: 'Milano', website: 'x', u: 'bot' })).status).toBe(202);
    expect((await post({ email: 'not an address', city: 'Milano', u: 'bad' })).status).toBe(422);
    const counted = await eventually(
      () => signupsBy(slug),
      (s) => s.total >= 3,
    );
    await countsWritten((await published('mark')).slug);
    expect(await signupsBy(slug)).toEqual({ total: 3, by: { newsletter: 1, instagram: 1, qr: 1 } });
    expect(counted.total).toBe(3);
  });
});
