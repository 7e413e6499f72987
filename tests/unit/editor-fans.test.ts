// The editor's fan view (docs/behaviour.md#for-the-organiser): the words and figures it shows,
// and the line of an alert the daily cap holds. The loads, the actions, the scheduled-alert notice
// and the 'Avvisami' option, against a stand-in Worker: editor-fans-alerts.test.ts.
import { describe, expect, it } from 'vitest';
import { romeDateTime, romeTime } from '../../src/core/fans-export';
import { t } from '../../src/core/messages';
import { offeredViews } from '../../src/islands/editor/ViewSwitch';
import {
  alertHeldLine,
  alertNotice,
  alertReach,
  alertStatusLabel,
  alertWhen,
  cityBars,
  fansText,
  hasNoFans,
  joinCities,
  signupsTotal,
} from '../../src/stores/editor/fans';
import { alert, ownerUser, summary } from './editor-fans-helpers';

describe('words', () => {
  it('joins cities the Italian way', () => {
    expect(joinCities([])).toBe('');
    expect(joinCities(['Milano'])).toBe('Milano');
    expect(joinCities(['Milano', 'Roma'])).toBe('Milano e Roma');
    expect(joinCities(['Milano', 'Roma', 'Torino'])).toBe('Milano, Roma e Torino');
  });

  it("the notice: 'Avviso ai fan di Milano alle 10:42' in Europe/Rome time, summer and winter", () => {
    expect(alertNotice(alert())).toBe('Avviso ai fan di Milano alle 10:42');
    expect(alertNotice(alert({ cities: ['Milano', 'Roma'], due_at: '2027-01-12T08:42:00Z' }))).toBe(
      'Avviso ai fan di Milano e Roma alle 09:42',
    );
    expect(alertNotice(alert({ cities: ['Milano', 'Roma', 'Torino'], due_at: '2027-03-28T23:05:00.123Z' }))).toBe(
      'Avviso ai fan di Milano, Roma e Torino alle 01:05',
    );
    expect(alertNotice(alert({ cities: [] }))).toBe('Avviso ai fan alle 10:42');
  });

  it('Rome date-times as the CSV and the view write them', () => {
    expect(romeDateTime('2027-05-12T08:42:00Z')).toBe('12/05/2027 10:42');
    expect(romeDateTime('2027-12-31T23:30:00Z')).toBe('01/01/2028 00:30');
    expect(romeTime('2027-12-31T23:30:00Z')).toBe('00:30');
    expect(romeDateTime('non una data')).toBe('');
  });

  it('status, when and to how many', () => {
    expect(alertStatusLabel('scheduled')).toBe('Programmato');
    expect(alertStatusLabel('sending')).toBe('In invio');
    expect(alertStatusLabel('sent')).toBe('Inviato');
    expect(alertStatusLabel('cancelled')).toBe('Annullato');
    expect(alertWhen(alert())).toBe('Parte il 12/05/2027 10:42');
    expect(alertWhen(alert({ status: 'sent', finished_at: '2027-05-12T08:50:00Z' }))).toBe(
      'Inviato il 12/05/2027 10:50',
    );
    expect(alertReach(alert({ recipients: 1 }))).toBe('A 1 fan');
    expect(alertReach(alert({ recipients: 12_000 }))).toBe('A 12.000 fan');
    expect(alertReach(alert({ status: 'sent', recipients: 12, sent: 11, failed: 1 }))).toBe(
      'A 12 fan · 11 inviati · 1 non riuscito',
    );
    expect(alertReach(alert({ status: 'sending', recipients: 3, sent: 1, failed: 0 }))).toBe('A 3 fan · 1 inviato');
    expect(alertReach(alert({ status: 'sent', recipients: 5, sent: 2, failed: 3 }))).toBe(
      'A 5 fan · 2 inviati · 3 non riusciti',
    );
    expect(fansText(0)).toBe('0 fan');
  });
});

describe('an alert the daily cap holds', () => {
  const held = (at: string) => alert({ due_at: at, held_until: at });

  it('says why it waits and when it leaves, in Europe/Rome time: today, tomorrow or the date', () => {
    // 12/05/2027 23:30 in Rome (21:30 UTC)
    const now = new Date('2027-05-12T21:30:00Z');
    expect(alertHeldLine(held('2027-05-12T21:50:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà alle 23:50.',
    );
    // 00:10 in Rome is already tomorrow
    expect(alertHeldLine(held('2027-05-12T22:10:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà domani alle 00:10.',
    );
    expect(alertHeldLine(held('2027-05-13T19:05:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà domani alle 21:05.',
    );
    expect(alertHeldLine(held('2027-05-13T22:05:00Z'), now)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà il 14/05/2027 alle 00:05.',
    );
    // the day the clocks go back has 25 hours in Rome: 24 hours after 00:30 is still today
    const fallBack = new Date('2027-10-30T22:30:00Z');
    expect(alertHeldLine(held('2027-10-31T22:30:00Z'), fallBack)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà alle 23:30.',
    );
    expect(alertHeldLine(held('2027-10-31T23:30:00Z'), fallBack)).toBe(
      'In attesa: al massimo 3 email in 24 ore per fan. Partirà domani alle 00:30.',
    );
    expect(alertHeldLine(alert(), now)).toBeNull();
  });

  it('the Fan view shows the line on the held alert only', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { FanAlerts } = await import('../../src/islands/editor/extras/fans/FanAlerts');
    const { $user } = await import('../../src/stores/session');
    // a member who may act on alerts (a Lettore sees them without the actions: editor-history.test.ts)
    $user.set(ownerUser);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const html = renderToStaticMarkup(
      createElement(FanAlerts, {
        slug: 'tour',
        alerts: [{ ...held(soon), id: 2 }, alert({ id: 1, status: 'sent', finished_at: '2027-05-12T08:50:00Z' })],
      }),
    );
    expect(html.match(/data-testid="fan-alert-held"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<li class="xs-fan-alert" data-alert-id="2".*In attesa: al massimo 3 email in 24 ore per fan\. Partirà .*<li class="xs-fan-alert" data-alert-id="1"/,
    );
    // a held alert cannot leave sooner: 'Annulla' only, no 'Invia ora'
    expect(html).toContain(t('fans.editor.cancel'));
    expect(html).not.toContain(t('fans.editor.sendNow'));
    const open = renderToStaticMarkup(createElement(FanAlerts, { slug: 'tour', alerts: [alert({ id: 3 })] }));
    expect(open).toContain(t('fans.editor.sendNow'));
    $user.set(null);
  });

  it('a presale waiting for its codes says so instead of when it leaves', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { FanAlerts } = await import('../../src/islands/editor/extras/fans/FanAlerts');
    const past = '2027-05-12T08:00:00Z';
    const html = renderToStaticMarkup(
      createElement(FanAlerts, {
        slug: 'tour',
        alerts: [
          alert({ id: 2, kind: 'presale', due_at: past, waits_for_codes: true }),
          alert({ id: 1, kind: 'presale', due_at: past }),
        ],
      }),
    );
    expect(html.match(/data-testid="fan-alert-no-codes"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<li class="xs-fan-alert" data-alert-id="2".*Nessun codice caricato: i fan non riceveranno nulla finché non ne carichi.*<li class="xs-fan-alert" data-alert-id="1"/,
    );
    // only the presale that does not wait says when it leaves
    expect(html.match(/xs-fan-alert-when/g)).toHaveLength(1);
  });

  it('the notice of a held alert says it waits and when, not a bare time', () => {
    const now = new Date();
    const at = new Date(now.getTime() + 3_600_000).toISOString();
    const line = alertHeldLine({ held_until: at }, now);
    expect(alertNotice(alert({ due_at: at, held_until: at }))).toBe(`Milano: ${line}`);
    expect(alertNotice(alert({ cities: [], due_at: at, held_until: at }))).toBe(`Avviso ai fan: ${line}`);
  });
});

describe('figures', () => {
  it('bars scale to the city with most fans; a city with fans is never thinner than 2 %, one without has none', () => {
    expect(
      cityBars([
        { key: 'milano', city: 'Milano', fans: 200 },
        { key: 'roma', city: 'Roma', fans: 50 },
        { key: 'bari', city: 'Bari', fans: 1 },
        { key: 'firenze', city: 'Firenze', fans: 0 },
      ]).map((b) => b.percent),
    ).toEqual([100, 25, 2, 0]);
    expect(cityBars([{ key: 'roma', city: 'Roma', fans: 0 }])[0]!.percent).toBe(0);
    expect(cityBars([])).toEqual([]);
  });

  it("the period's sign-ups; no fan at all only when none is confirmed or waiting", () => {
    expect(
      signupsTotal(
        summary({
          daily: [
            { date: '2027-05-11', signups: 2 },
            { date: '2027-05-12', signups: 3 },
          ],
        }),
      ),
    ).toBe(5);
    expect(hasNoFans(summary())).toBe(true);
    expect(hasNoFans(summary({ pending: 1 }))).toBe(false);
    expect(hasNoFans(summary({ total: 1 }))).toBe(false);
  });

  it('the Fan tab sits beside the statistics, and only there', () => {
    expect(offeredViews({ isAdmin: false, hasCode: true, hasStats: true, hasFans: true })).toEqual([
      'edit',
      'stats',
      'fans',
    ]);
    expect(offeredViews({ isAdmin: true, hasCode: true, hasStats: true, hasFans: true })).toEqual([
      'edit',
      'code',
      'stats',
      'fans',
    ]);
    expect(offeredViews({ isAdmin: false, hasCode: false, hasStats: false, hasFans: true })).toEqual([]);
  });
});
