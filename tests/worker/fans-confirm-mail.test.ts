import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { OTHER_CITY } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { fanPage, signUp } from './fans-helpers';
import { mailbox, uniqueEmail } from './helpers';

/**
 * The fans' confirmation e-mail says what the fan agrees to, as the form's consent line and the
 * confirmation page do: e-mails on the new dates and on the opening of sales
 * (docs/behaviour.md#signing-up).
 */

const COMPANY = 'Concerti Aurora Srl';

/** The newest confirmation e-mail to `to`: its text from the dev mailbox, its HTML from the outbox. */
async function confirmation(to: string): Promise<{ text: string; html: string }> {
  const [message] = await mailbox(to);
  const row = await env.DB.prepare(
    "SELECT body_html FROM mail_outbox WHERE to_addr = ? AND kind = 'fan_confirm' ORDER BY id DESC LIMIT 1",
  )
    .bind(to)
    .first<{ body_html: string }>();
  if (!message || !row) throw new Error(`no confirmation e-mail to ${to}`);
  return { text: message.text, html: row.body_html };
}

describe('the confirmation e-mail', () => {
  it('speaks of the new dates of the chosen cities and of the opening of sales', async () => {
    const { slug } = await fanPage();
    const email = uniqueEmail('fan');
    expect((await signUp(slug, { email, city: 'Milano' })).status).toBe(200);
    const { text, html } = await confirmation(email);
    const intro = `hai chiesto di ricevere da ${COMPANY} le email sulle nuove date di Tour ${slug} (Milano) e sull’apertura delle vendite.`;
    expect(text).toContain(intro);
    expect(html).toContain(intro);
  });

  it('says the same without naming a city the fan typed', async () => {
    const { slug } = await fanPage();
    const email = uniqueEmail('fan');
    expect((await signUp(slug, { email, city: OTHER_CITY, other_city: 'Bergamo' })).status).toBe(200);
    const { text } = await confirmation(email);
    expect(text).toContain(
      `hai chiesto di ricevere da ${COMPANY} le email sulle nuove date di Tour ${slug} nella città che hai indicato e sull’apertura delle vendite.`,
    );
    expect(text).not.toContain('Bergamo');
  });

  it('agrees with the consent line and the confirmation page', () => {
    const words = { company: COMPANY, title: 'Tour', cities: 'Milano', days: 7 };
    const agreed = 'email sulle nuove date di Tour';
    const sales = 'sull’apertura delle vendite';
    for (const text of [
      t('fans.public.consent', words),
      t('fans.confirm.lead', words),
      t('fans.confirmMail.intro', words),
      t('fans.confirmMail.introOther', words),
    ]) {
      expect(text).toContain(agreed);
      expect(text).toContain(sales);
    }
  });
});
