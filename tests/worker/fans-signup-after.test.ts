// What follows a fan's sign-up (docs/behaviour.md#signing-up): a confirmation e-mail that does not
// go out frees its slot, the privacy texts, the block's company and the sign-up counted as a
// conversion. Unconfirmed sign-ups expiring: maintenance.test.ts.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { FAN_PENDING_DAYS } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { MAIL_OUTBOX_RETENTION_DAYS } from '../../worker/services/maintenance';
import { call, uniqueEmail, createPage, textPage, uniqueSlug, adminWithToken } from './helpers';
import { PHONE_UA, countsWritten, eventually, published, signupsBy } from './counting-helpers';
import { confirmMails, fanOf, fanPage, outboxRows, signUp } from './fans-helpers';

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
