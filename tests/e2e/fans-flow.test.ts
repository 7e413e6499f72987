// The fans' loop end to end on a phone (375 px, touch), against the real server (wrangler dev with
// its local D1, R2 and Queues, the console mailer writing the dev mailbox): three visitors sign up
// on a tour that plays only Roma (one with the page script, choosing 'Un'altra città' and typing
// 'Milan'; one without JavaScript, 'Tutte le date'; one posting the form, Roma) and confirm from
// the dev mailbox with the button of the link's page. The organiser adds a Milano date in the
// editor, sees 'Avviso ai fan di Milano alle …' and taps 'Invia ora': the queue delivers one alert
// to the Milano fan and one to the 'Tutte le date' fan, none to the Roma fan. The Milano fan
// leaves with a mail client's one-click POST (RFC 8058), and the Fan view shows two fans and the
// alert sent to two. Screenshots (notice, Fan view, dev mailbox) go to /tmp/fans-flow.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fanPaths } from '../../src/core/api-paths';
import { romeTime } from '../../src/core/fans-export';
import { t } from '../../src/core/messages';
import type { FanAlert, FanSummary } from '../../src/core/schemas/fans';
import { settle } from './a11y';
import { api, organiser, uniqueEmail } from './api';
import { PHONE, openBrowser, PHONE_UA } from './browser';
import { editorPage, expectNotice, openSavedPage } from './editor-helpers';
import { type DevMail, confirmLinkPath, fanCityRows, fanRows, mailHtml, mailsTo } from './fans-api';
import { makePng } from './media';
import { createPage, uniqueSlug, uploadHeader } from './pages-api';

const SHOTS = '/tmp/fans-flow';
const HEADER_PNG = makePng(1200, 600, [20, 60, 90], [240, 180, 40]);
const MILANO_TICKETS = 'https://example.com/biglietti/milano';

const run = Date.now().toString(36);
/** the page's title (the editor saves it as the displayed title too) */
const TITLE = `I Suoni del Porto ${run}`;
const company = `Porto Live ${run}`;
const fans = {
  /** 'Un'altra città': Milan (the exonym of Milano), through the page script */
  a: uniqueEmail('milan'),
  /** 'Tutte le date', without JavaScript */
  b: uniqueEmail('tutte'),
  /** Roma, a plain form POST */
  c: uniqueEmail('roma'),
};

let phone: BrowserContext;
let noScript: BrowserContext;
let token = '';
let slug = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [phone, noScript, { token }] = await Promise.all([
    openBrowser(PHONE, PHONE_UA, { touch: true }),
    openBrowser(PHONE, PHONE_UA, { touch: true, javaScript: false }),
    organiser({ fullName: 'Porto Organizzatore', company }),
  ]);
});

afterAll(async () => {
  await Promise.all([phone?.close(), noScript?.close()]);
});

function block(page: Page) {
  return page.locator('section.fs');
}

/** Every mail but the confirmation: the alerts. */
function alertMails(mails: readonly DevMail[]): DevMail[] {
  return mails.filter((m) => m.subject !== t('fans.confirmMail.subject', { title: TITLE }));
}

/** The page's alerts as the organiser's summary answers them (what the editor reads). */
async function alertsOfPage(): Promise<FanAlert[]> {
  const res = await api(fanPaths.summary(slug, 1), { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as FanSummary).alerts;
}

/** Opens the mailed confirmation link: the page shows a button, the tap confirms. */
async function confirmByTap(page: Page, email: string): Promise<void> {
  await page.goto(await confirmLinkPath(email));
  await page.getByRole('heading', { name: t('fans.confirm.title') }).waitFor();
  expect(fanRows(slug, email)[0]?.confirmed_at).toBeNull();
  await page.getByRole('button', { name: t('fans.confirm.button') }).tap();
  await page.getByRole('heading', { name: t('fans.confirm.doneTitle') }).waitFor();
  expect(fanRows(slug, email)[0]?.confirmed_at).toEqual(expect.any(String));
}

describe('the fans loop at 375 px with touch', () => {
  it('the organiser has a published tour with one date, in Roma, and no alert yet', async () => {
    // a published tour with one upcoming date, in Roma: Milano is not on it yet
    slug = uniqueSlug('fansflow');
    await createPage(token, {
      folder_name: slug,
      title: TITLE,
      display_title: TITLE,
      mode: 'text',
      style: 'light',
      header: '',
      buttons: [
        {
          type: 'text',
          text: 'Sab 13 marzo 2099 - Roma - Atlantico|biglietti',
          url: 'https://example.com/biglietti/roma',
          cta_buttons: [{ url: 'https://example.com/biglietti/roma', buttonText: 'biglietti' }],
        },
      ],
    });
    await uploadHeader(token, slug, HEADER_PNG);
    // a new page has no fans: its dates schedule no alert (docs/behaviour.md#alerts)
    expect(await alertsOfPage()).toEqual([]);
  });

  it('three visitors sign up on a Roma-only tour and confirm from the dev mailbox', async () => {
    // A, with the page script: 'Un'altra città', 'Milan'; the answer shows in place
    const page = await phone.newPage();
    await page.goto(`/${slug}`);
    const form = block(page);
    const city = form.getByLabel(t('fans.public.city'), { exact: true });
    expect(await city.locator('option').allTextContents()).toEqual([
      t('fans.public.chooseCity'),
      'Roma',
      t('fans.public.allDates'),
      t('fans.public.otherCity'),
    ]);
    await form.getByLabel(t('fans.public.email')).fill(fans.a);
    await city.selectOption({ label: t('fans.public.otherCity') });
    await form.getByLabel(t('fans.public.otherCityLabel')).fill('Milan');
    await form.getByRole('button', { name: t('fans.public.title') }).tap();
    await form.getByRole('status').getByText(t('fans.public.checkMail')).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${slug}`);

    // B, without JavaScript: 'Tutte le date'; a page answers
    const plain = await noScript.newPage();
    await plain.goto(`/${slug}`);
    await block(plain).getByLabel(t('fans.public.email')).fill(fans.b);
    await block(plain)
      .getByLabel(t('fans.public.city'), { exact: true })
      .selectOption({ label: t('fans.public.allDates') });
    await Promise.all([
      plain.waitForURL(`**/${slug}/fans`),
      block(plain)
        .getByRole('button', { name: t('fans.public.title') })
        .tap(),
    ]);
    await plain.getByRole('heading', { name: t('fans.page.sentTitle') }).waitFor();
    await plain.close();

    // C, the form posted as a browser without the script would: Roma
    const posted = await api(fanPaths.signup(slug), {
      method: 'POST',
      body: new URLSearchParams({ email: fans.c, city: 'Roma', other_city: '', website: '' }),
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain(t('fans.page.sentTitle'));

    // each confirms from the dev mailbox: the link's page has a button, the tap confirms
    for (const email of [fans.a, fans.b, fans.c]) await confirmByTap(page, email);
    await page.close();

    // Milan is Milano, a city the fans ask for (not on the tour)
    expect(fanCityRows(slug, fans.a)).toEqual([{ city_key: 'milano', city: 'Milan', requested: 1 }]);
    expect(fanCityRows(slug, fans.b)).toEqual([{ city_key: '*', city: t('fans.public.allDates'), requested: 0 }]);
    expect(fanCityRows(slug, fans.c)).toEqual([{ city_key: 'roma', city: 'Roma', requested: 0 }]);
  });

  it("the organiser adds a Milano date, taps 'Invia ora': the Milano and 'Tutte le date' fans get the alert, the Roma fan nothing", async () => {
    const page = await editorPage(phone, token, '/user');
    await openSavedPage(page, slug, 'tap');
    await page.getByLabel('Data', { exact: true }).fill('Ven 20 marzo 2099');
    await page.getByLabel('Città', { exact: true }).fill('Milano');
    await page.getByLabel('Venue', { exact: true }).fill('Alcatraz');
    await page.getByLabel('Link CTA 1').fill(MILANO_TICKETS);
    await page.getByRole('button', { name: /^(Aggiungi|Aggiorna) pulsante$/ }).tap();
    await expectNotice(page, 'Pulsante aggiunto con successo');
    await page.getByRole('button', { name: t('editor.action.update') }).tap();
    await expectNotice(page, t('success.pageUpdated'));

    // the save scheduled one alert, 10 minutes on; the notice says when, in Rome's time
    const alerts = await alertsOfPage();
    expect(alerts).toHaveLength(1);
    const [scheduled] = alerts;
    expect(scheduled).toMatchObject({ status: 'scheduled', cities: ['Milano'], recipients: 2 });
    const leaves = Date.parse(scheduled!.due_at) - Date.now();
    expect(leaves).toBeGreaterThan(9 * 60_000);
    expect(leaves).toBeLessThanOrEqual(10 * 60_000);
    const notice = page.getByTestId('fan-alert-notice');
    await notice.getByText(`Avviso ai fan di Milano alle ${romeTime(scheduled!.due_at)}`).waitFor();
    const send = notice.getByRole('button', { name: /^Invia ora/ });
    expect(await send.isVisible()).toBe(true);
    expect(await notice.getByRole('button', { name: /^Annulla/ }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/notice-375.png` });

    await send.tap();
    await expectNotice(page, t('fans.editor.alert.sentNow'));
    await expect.poll(() => notice.count()).toBe(0);

    // the queue runs inside wrangler dev: the alerts land in the dev mailbox
    await expect
      .poll(async () => [alertMails(await mailsTo(fans.a)).length, alertMails(await mailsTo(fans.b)).length], {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual([1, 1]);
    for (const email of [fans.a, fans.b]) {
      const [mail] = alertMails(await mailsTo(email));
      expect(mail!.subject).toBe(t('fans.mail.alert.subjectOne', { city: 'Milano', title: TITLE }));
      expect(mail!.text).toContain('Ven 20 marzo 2099');
      expect(mail!.text).toContain('Alcatraz, Milano');
      expect(mail!.text).toContain(`${t('fans.mail.alert.tickets')}: ${MILANO_TICKETS}?utm_source=email`);
      expect(mail!.text).toContain(t('fans.mail.alert.introOne', { company, title: TITLE }));
      expect(mail!.links.filter((l) => l.includes('/fans/unsubscribe?token='))).toHaveLength(1);
    }
    // the Roma fan: only the confirmation, still, a few seconds later; and no second alert to anyone
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const toC = await mailsTo(fans.c);
    expect(toC.map((m) => m.subject)).toEqual([t('fans.confirmMail.subject', { title: TITLE })]);
    expect(alertMails(await mailsTo(fans.a))).toHaveLength(1);
    expect(alertMails(await mailsTo(fans.b))).toHaveLength(1);
    await page.close();
  });

  it("one-click unsubscribe from the alert e-mail, then the Fan view: 2 fans, the alert 'Inviato' to 2", async () => {
    const [mail] = alertMails(await mailsTo(fans.a));
    const link = mail!.links.find((l) => l.includes('/fans/unsubscribe?token='))!;
    // a mail client's one-click POST (RFC 8058) to the link as mailed
    const res = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(fanRows(slug, fans.a)).toEqual([]);

    // the deliveries are written right after the mail: the alert is 'sent' to 2
    await expect
      .poll(async () => (await alertsOfPage()).map((a) => [a.cities, a.status, a.recipients, a.sent, a.failed]))
      .toEqual([[['Milano'], 'sent', 2, 2, 0]]);

    const page = await editorPage(phone, token, '/user');
    await openSavedPage(page, slug, 'tap');
    await page.getByRole('tab', { name: t('fans.editor.tab') }).tap();
    const view = page.getByTestId('fans-view');
    await view.waitFor();
    const kpi = (name: string) => view.locator(`[data-kpi="${name}"] .xs-kpi-value`);
    await expect.poll(() => kpi('total').textContent()).toBe('2');
    expect(await kpi('pending').textContent()).toBe('0');
    expect(await kpi('all').textContent()).toBe('1');
    // the page's only alert: Milano, sent to 2
    const sent = page.getByTestId('fans-alerts').locator('li[data-alert-id]').first();
    expect(await sent.getAttribute('data-status')).toBe('sent');
    expect(await sent.locator('.badge').textContent()).toBe(t('fans.editor.alert.status.sent'));
    expect(await sent.locator('.xs-fan-alert-what').textContent()).toBe('Milano');
    expect(await sent.locator('.xs-fan-alert-reach').textContent()).toBe('A 2 fan · 2 inviati');
    expect(await page.getByTestId('fans-alerts').locator('li[data-alert-id]').count()).toBe(1);
    // Milano is on the tour now: the Milano fan left, so nobody asks for another city
    const list = page.getByTestId('fans-list');
    await expect.poll(() => list.locator('li[data-fan-id]').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/fan-view-375.png`, fullPage: true });
    await page.close();

    // the alert e-mail as the dev mailbox shows it
    const box = await phone.newPage();
    await box.goto(`/dev/mailbox?to=${encodeURIComponent(fans.b)}`);
    await box.getByRole('heading', { name: alertMails(await mailsTo(fans.b))[0]!.subject }).waitFor();
    expect(await box.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await box.screenshot({ path: `${SHOTS}/mailbox-375.png`, fullPage: true });

    // and its HTML version, as a mail client shows it: the ticket link tagged, the way out visible
    const [alert] = alertMails(await mailsTo(fans.b));
    await box.setContent(mailHtml(alert!.id));
    expect(await box.getByRole('link', { name: t('fans.mail.alert.tickets') }).getAttribute('href')).toBe(
      `${MILANO_TICKETS}?utm_source=email`,
    );
    expect(await box.getByRole('link', { name: t('fans.mail.unsubscribeLink') }).getAttribute('href')).toContain(
      '/fans/unsubscribe?token=',
    );
    expect(await box.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await box.screenshot({ path: `${SHOTS}/alert-mail-html-375.png`, fullPage: true });
    await box.close();
  });
});
