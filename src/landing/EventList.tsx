/**
 * The events of a text page (docs/behaviour.md#dates-and-publishing-windows): the upcoming and
 * undated ones, each dated one with its calendar file link, then, when the page keeps them, the
 * past ones greyed in a 'Date passate' list, newest first, with no ticket button. A CTA waiting
 * for its on-sale instant carries both of its states (docs/behaviour.md#ticket-drops). The embed
 * (Embed.tsx) draws its dates with the same list, its links opening a new tab (`newTab`).
 */
import { t } from '../core/messages';
import { ALL_CITIES, cityKey, OTHER_CITY } from '../core/fans';
import type { ReactNode } from 'react';
import type { FanSignupView, PublicCta, PublicEvent, PublicPresale } from '../core/public-view';
import { pagePaths } from '../core/api-paths';
import { calendarPath } from '../core/ics';
import { eventDay } from '../core/schedule';

/** The click beacon of a button's CTA: `?k=` names which CTA of an event (the first needs none). */
export function clickBeaconPath(slug: string, id: number, cta = 0): string {
  return `${pagePaths.buttonClick(slug, id)}${cta > 0 ? `?k=${cta}` : ''}`;
}

/** Where a link opens: a new tab from the embed (it lives in another site's frame), said aloud too. */
interface Target {
  newTab?: boolean;
}

/** The hidden words that tell a screen reader a link opens a new tab. */
function NewTabNote({ newTab }: Target) {
  return newTab ? <span className="vh"> {t('embed.newTab')}</span> : null;
}

type CtaProps = Target & { cta: PublicCta; index: number; id: number | null; slug: string; preview: boolean };

/** The CTA once on sale: its link (inert in the preview), or its label when it has none. */
function OpenCta({ cta, index, id, slug, preview, newTab }: CtaProps) {
  // few tickets left: a tag inside the link, read with its label
  const label = (
    <>
      {cta.buttonText}
      {cta.availability === 'limited' ? <span className="tg">{t('drops.limited')}</span> : null}
    </>
  );
  if (!cta.url) return <span className="b nl">{label}</span>;
  if (preview) {
    return (
      // biome-ignore lint/a11y/useValidAnchor: the preview shows the link inert: no href, so nothing navigates, while it keeps the look of the published link
      <a className="b" role="link" aria-disabled="true">
        {label}
      </a>
    );
  }
  return (
    <a
      className="b"
      href={cta.url}
      rel="noopener"
      target={newTab ? '_blank' : undefined}
      data-c={id !== null ? clickBeaconPath(slug, id, index) : undefined}
    >
      {label}
      <NewTabNote newTab={newTab} />
    </a>
  );
}

function Cta(props: CtaProps) {
  const { cta } = props;
  if (cta.availability === 'sold_out') {
    return (
      <span className="b off" aria-disabled="true">
        {t('landing.soldoutLabel')}
      </span>
    );
  }
  if (!cta.onSaleAt) return <OpenCta {...props} />;
  // Waiting: the waiting block, then the CTA as it will be, which the page's CSS hides while
  // data-w is there; the drops script (DROP_SCRIPT) counts down and drops data-w at the instant.
  return (
    <div className="dw" data-w={Date.parse(cta.onSaleAt)}>
      <p className="b ws">
        <span className="wn">{cta.buttonText}</span>
        <span className="wd">{cta.onSaleText}</span>
        <span role="timer" data-p={t('drops.countdown', { tempo: '' })} />
      </p>
      <OpenCta {...props} />
    </div>
  );
}

type NotifyProps = { event: PublicEvent; signup: FanSignupView; preview: boolean };

/**
 * 'Avvisami' under an event whose CTAs wait: to the page's sign-up block, where the drops script
 * chooses the event's city (data-a: a city of the form, else 'Un'altra città' with the city in
 * data-o, or 'Tutte le date' for an event without a city). During the event's presale it reads
 * 'Iscriviti per ricevere il codice' (`presale`, with data-w: its end, see PresaleSwitch).
 */
function NotifyLink({ event, signup, preview, presale }: NotifyProps & { presale?: PublicPresale }) {
  const key = cityKey(event.city);
  const listed = key ? signup.cities.find((c) => c.key === key) : undefined;
  const choice = listed ? listed.name : key ? OTHER_CITY : ALL_CITIES;
  const label = presale ? 'presale.public.signupLabel' : 'drops.notifyMeLabel';
  return (
    <a
      className="ak"
      href={preview ? undefined : '#fs-h'}
      data-a={choice}
      data-o={choice === OTHER_CITY ? event.city : undefined}
      data-w={presale ? Date.parse(presale.endsAt) : undefined}
      aria-label={key ? t(label, { city: event.city }) : undefined}
    >
      {t(presale ? 'presale.public.signup' : 'drops.notifyMe')}
    </a>
  );
}

/**
 * What a date shows only while its presale is open (docs/behaviour.md#presales-on-the-published-page),
 * switched as a waiting CTA is: the wrapper's data-w is the start (absent once open), its child's
 * the end; the drops script drops each at its instant and the page's CSS shows the child only
 * between the two. The 'Avvisami' beside it hides meanwhile (CSS).
 */
function PresaleSwitch({ presale, children }: { presale: PublicPresale; children: ReactNode }) {
  return (
    <div className="pv" data-w={presale.startsAt ? Date.parse(presale.startsAt) : undefined}>
      {children}
    </div>
  );
}

export const CALENDAR_ICON = 'ci';

/** The calendar icon, defined once per page and drawn by <use> beside each dated event. */
function CalendarSymbol() {
  return (
    <svg className="vh" aria-hidden="true" focusable="false">
      <symbol id={CALENDAR_ICON} viewBox="0 0 24 24">
        <path
          d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM12 12v5M9.5 14.5h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </symbol>
    </svg>
  );
}

function CalendarLink({
  event,
  slug,
  preview,
  newTab,
}: Target & { event: PublicEvent; slug: string; preview: boolean }) {
  const text = t('landing.addToCalendar', { city: event.city, date: event.data });
  const label = (newTab ? `${text} ${t('embed.newTab')}` : text).replace(/\s+/g, ' ').trim();
  const icon = (
    <svg aria-hidden="true" focusable="false">
      <use href={`#${CALENDAR_ICON}`} />
    </svg>
  );
  if (preview || event.id === null) {
    return (
      // biome-ignore lint/a11y/useValidAnchor: the preview shows the link inert: no href, so nothing navigates, while it keeps the look of the published link
      <a className="cal" role="link" aria-disabled="true" aria-label={label}>
        {icon}
      </a>
    );
  }
  return (
    <a
      className="cal"
      href={calendarPath(slug, event.id)}
      aria-label={label}
      rel="nofollow"
      target={newTab ? '_blank' : undefined}
    >
      {icon}
    </a>
  );
}

function EventBlock({
  event,
  slug,
  preview,
  signup = null,
  past = false,
  newTab,
}: Target & {
  event: PublicEvent;
  slug: string;
  preview: boolean;
  signup?: FanSignupView | null;
  past?: boolean;
}) {
  const dated = !past && eventDay(event.data) !== null;
  const presale = past ? undefined : event.presale;
  const waits = !past && event.ctaButtons.some((c) => c.onSaleAt);
  return (
    <li className="e">
      {event.data ? (
        <p className="d">
          {event.data}
          {dated ? <CalendarLink event={event} slug={slug} preview={preview} newTab={newTab} /> : null}
        </p>
      ) : null}
      {event.city ? <p className="c">{event.city}</p> : null}
      {event.venue ? <p className="v">{event.venue}</p> : null}
      {presale ? (
        <PresaleSwitch presale={presale}>
          <p className="pb" data-w={Date.parse(presale.endsAt)}>
            {t('presale.public.badge')}
          </p>
        </PresaleSwitch>
      ) : null}
      {past ? null : (
        <div className="ctas">
          {event.ctaButtons.map((cta, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a CTA has no identity of its own, and the list is rendered once, never reordered
            <Cta key={i} cta={cta} index={i} id={event.id} slug={slug} preview={preview} newTab={newTab} />
          ))}
        </div>
      )}
      {waits && signup ? <NotifyLink event={event} signup={signup} preview={preview} /> : null}
      {waits && signup && presale ? (
        <PresaleSwitch presale={presale}>
          <NotifyLink event={event} signup={signup} preview={preview} presale={presale} />
        </PresaleSwitch>
      ) : null}
    </li>
  );
}

/**
 * Upcoming and undated events, then the past ones (empty unless the page keeps them). `signup`:
 * the page's 'Avvisami' block when it has one in the same document, which an event whose CTAs
 * wait then links to.
 */
export function EventList({
  events,
  past,
  slug,
  preview,
  signup = null,
  newTab,
}: Target & {
  events: readonly PublicEvent[];
  past: readonly PublicEvent[];
  slug: string;
  preview: boolean;
  signup?: FanSignupView | null;
}) {
  const anyCalendar = events.some((e) => eventDay(e.data) !== null);
  return (
    <>
      {anyCalendar ? <CalendarSymbol /> : null}
      {events.length > 0 ? (
        <ol className="ev" aria-label={t('landing.events')}>
          {events.map((e, i) => (
            <EventBlock key={e.id ?? `n${i}`} event={e} slug={slug} preview={preview} signup={signup} newTab={newTab} />
          ))}
        </ol>
      ) : null}
      {past.length > 0 ? (
        <section className="ps" aria-labelledby="ps-h">
          <h2 className="ph" id="ps-h">
            {t('landing.pastDates')}
          </h2>
          <ol className="ev">
            {past.map((e, i) => (
              <EventBlock key={e.id ?? `p${i}`} event={e} slug={slug} preview={preview} past />
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
