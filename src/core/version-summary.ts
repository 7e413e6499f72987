/**
 * The one-line summary of a version (docs/behaviour.md#history): what a save changed from the
 * version before, in Italian, fragments joined by ' · ' ('Aggiunte 2 date: Milano 12/07, Roma
 * 14/07 · Bologna esaurito · titolo cambiato'). Pure: the Worker computes it at each save, the
 * tests call it directly. Buttons are matched by id, as a save matches them.
 */
import { decodeEventText } from './button-codec';
import { parseItalianDate } from './event-date';
import { t } from './messages';
import { availabilityOf, isSoldout, type Availability } from './on-sale';
import type { VersionButton, VersionSnapshot } from './schemas/versions';

/** At most this many events are named in one fragment; the rest are counted ('e altre 2'). */
const NAMED_MAX = 3;
const SEPARATOR = ' · ';

/** 'Milano 12/07': the event's city (else its venue) and its day/month (else the date as typed). */
export function eventLabel(button: Pick<VersionButton, 'text'>): string {
  const { date, city, venue } = decodeEventText(button.text);
  const iso = parseItalianDate(date);
  const day = iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}` : date;
  return [city || venue, day].filter(Boolean).join(' ') || t('history.eventUnnamed');
}

function named(buttons: readonly VersionButton[]): string {
  const labels = buttons.map(eventLabel);
  if (labels.length <= NAMED_MAX) return labels.join(', ');
  return t('history.listMore', { list: labels.slice(0, NAMED_MAX).join(', '), count: labels.length - NAMED_MAX });
}

function counted(key: 'datesAdded' | 'datesRemoved' | 'datesChanged', buttons: readonly VersionButton[]): string[] {
  if (buttons.length === 0) return [];
  const list = named(buttons);
  return [
    buttons.length === 1
      ? t(`history.${key}.one`, { list })
      : t(`history.${key}.many`, { count: buttons.length, list }),
  ];
}

function countedButtons(key: 'buttonsAdded' | 'buttonsRemoved' | 'buttonsChanged', n: number): string[] {
  if (n === 0) return [];
  return [n === 1 ? t(`history.${key}.one`) : t(`history.${key}.many`, { count: n })];
}

/** An event's availability as a whole: sold out when every CTA is, few left when one is. */
function eventAvailability(button: VersionButton): Availability {
  const all = (button.cta_buttons ?? []).map(availabilityOf);
  if (all.length > 0 && all.every((a) => a === 'sold_out')) return 'sold_out';
  return all.includes('limited') ? 'limited' : 'on_sale';
}

/**
 * Whether an event's links changed: a CTA's URL, a label, or how many CTAs. A label that turns
 * to or from 'soldout' is the availability changing, not the link.
 */
function linksChanged(was: VersionButton, now: VersionButton): boolean {
  const a = was.cta_buttons ?? [];
  const b = now.cta_buttons ?? [];
  if (a.length !== b.length || was.url !== now.url) return true;
  return a.some((cta, i) => {
    const other = b[i]!;
    if (cta.url !== other.url) return true;
    return cta.buttonText !== other.buttonText && !isSoldout(cta.buttonText) && !isSoldout(other.buttonText);
  });
}

function onSaleOf(button: VersionButton): string {
  return JSON.stringify((button.cta_buttons ?? []).map((c) => c.on_sale_at));
}

function partsOf(button: VersionButton): string {
  const { date, city, venue } = decodeEventText(button.text);
  return JSON.stringify([date, city, venue]);
}

/** What changed among the buttons, matched by id. */
function buttonChanges(before: readonly VersionButton[], after: readonly VersionButton[]): string[] {
  const old = new Map(before.map((b) => [b.id, b]));
  const kept = new Set(after.filter((b) => old.has(b.id)).map((b) => b.id));
  const isText = (b: VersionButton) => b.type === 'text';
  const added = after.filter((b) => !old.has(b.id));
  const removed = before.filter((b) => !kept.has(b.id));
  const changedDates: VersionButton[] = [];
  const links: VersionButton[] = [];
  const sale: string[] = [];
  let changedImages = 0;
  for (const now of after) {
    const was = old.get(now.id);
    if (!was) continue;
    if (!isText(now) || !isText(was)) {
      if (was.type !== now.type || was.image_path !== now.image_path || was.url !== now.url || was.text !== now.text) {
        changedImages += 1;
      }
      continue;
    }
    if (partsOf(was) !== partsOf(now)) changedDates.push(now);
    if (linksChanged(was, now)) links.push(now);
    const availability = eventAvailability(now);
    if (availability !== eventAvailability(was)) {
      const key = availability === 'sold_out' ? 'soldOut' : availability === 'limited' ? 'limited' : 'onSale';
      sale.push(t(`history.${key}`, { event: eventLabel(now) }));
    }
    if (onSaleOf(was) !== onSaleOf(now)) sale.push(t('history.onSaleAt', { event: eventLabel(now) }));
  }
  const order = (list: readonly VersionButton[]) =>
    [...list]
      .filter((b) => kept.has(b.id))
      .sort((a, b) => a.position - b.position)
      .map((b) => b.id)
      .join(',');
  return [
    ...counted('datesAdded', added.filter(isText)),
    ...counted('datesRemoved', removed.filter(isText)),
    ...counted('datesChanged', changedDates),
    ...sale,
    ...(links.length > 0 ? [t('history.links', { list: named(links) })] : []),
    ...countedButtons('buttonsAdded', added.filter((b) => !isText(b)).length),
    ...countedButtons('buttonsRemoved', removed.filter((b) => !isText(b)).length),
    ...countedButtons('buttonsChanged', changedImages),
    ...(order(before) !== order(after) ? [t('history.reordered')] : []),
  ];
}

/** Turned on or off: the fragment for the new state, none when unchanged. */
function toggled(was: boolean, now: boolean, on: string, off: string): string[] {
  return was === now ? [] : [now ? on : off];
}

/** What changed in the page's own fields. */
function pageChanges(before: VersionSnapshot, after: VersionSnapshot): string[] {
  const out: string[] = [];
  if (before.title !== after.title) out.push(t('history.title'));
  if (before.display_title !== after.display_title) out.push(t('history.displayTitle'));
  if (before.header !== after.header) out.push(t('history.header'));
  else if (before.header_poster !== after.header_poster) out.push(t('history.poster'));
  if (before.mode !== after.mode) out.push(t('history.mode'));
  if (before.style !== after.style || JSON.stringify(before.custom_styles) !== JSON.stringify(after.custom_styles)) {
    out.push(t('history.style'));
  }
  out.push(...toggled(before.visible, after.visible, t('history.shown'), t('history.hidden')));
  if (before.visible_from !== after.visible_from || before.visible_until !== after.visible_until) {
    out.push(t('history.window'));
  }
  out.push(...toggled(before.show_past, after.show_past, t('history.pastShown'), t('history.pastHidden')));
  out.push(...toggled(before.fan_signup, after.fan_signup, t('history.signupOn'), t('history.signupOff')));
  out.push(...toggled(before.sale_reminder, after.sale_reminder, t('history.reminderOn'), t('history.reminderOff')));
  return out;
}

function sentence(fragments: readonly string[]): string {
  const text = fragments.join(SEPARATOR);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The fragments of what changed from `before` to `after` (none when nothing the page shows did). */
function changes(before: VersionSnapshot, after: VersionSnapshot): string[] {
  return [...buttonChanges(before.buttons, after.buttons), ...pageChanges(before, after)];
}

/**
 * The summary of `after` against the version before it: 'Pagina creata' when there is none,
 * 'Nessuna modifica' when nothing the page shows changed.
 */
export function versionSummary(before: VersionSnapshot | null, after: VersionSnapshot): string {
  if (!before) return t('history.created');
  const fragments = changes(before, after);
  return fragments.length > 0 ? sentence(fragments) : t('history.unchanged');
}

/** When a version was saved, as a restore's summary names it: '12/07/2026 alle 21:30' (Rome time). */
export function versionWhen(createdAt: string): string {
  const parts = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(createdAt));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} alle ${part('hour')}:${part('minute')}`;
}

/** A restore's summary: which version came back, then what that changed from the page before it. */
export function restoredSummary(createdAt: string, before: VersionSnapshot | null, after: VersionSnapshot): string {
  const restored = t('history.restored', { when: versionWhen(createdAt) });
  return sentence([restored, ...(before ? changes(before, after) : [])]);
}
