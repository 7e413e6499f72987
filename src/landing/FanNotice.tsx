/**
 * The small static pages of the fans (docs/behaviour.md#fans-and-alerts): the answer of the
 * 'Avvisami' form sent without JavaScript, and the pages of the confirmation and unsubscribe
 * links. In the page's colours and UI font, no script, no image; every action is a form POST
 * (a GET never acts: link scanners open links).
 */
import { NoindexHead } from './LandingPage';

export interface NoticeAction {
  /** the URL the form posts to */
  action: string;
  label: string;
  /** drawn as the outlined button */
  secondary?: boolean;
  /** a line above the button */
  lead?: string;
}

export interface FanNoticeContent {
  heading: string;
  lines: readonly string[];
  actions?: readonly NoticeAction[];
  /** the link back to the page, with its text */
  back?: { href: string; label: string };
}

export interface FanNoticeProps extends FanNoticeContent {
  css: string;
  /** the page's display title, shown above the heading ('' for none) */
  pageTitle: string;
}

export function FanNoticeDocument({ css, pageTitle, heading, lines, actions = [], back }: FanNoticeProps) {
  return (
    <html lang="it">
      <NoindexHead title={pageTitle ? `${heading} · ${pageTitle}` : heading} css={css} referrer={false} />
      <body>
        <main>
          {pageTitle ? <p className="pt">{pageTitle}</p> : null}
          <h1>{heading}</h1>
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {actions.map((a) => (
            <form key={a.action} method="post" action={a.action}>
              {a.lead ? <p>{a.lead}</p> : null}
              <button className={a.secondary ? 'b b2' : 'b'} type="submit">
                {a.label}
              </button>
            </form>
          ))}
          {back ? (
            <a className="bk" href={back.href}>
              {back.label}
            </a>
          ) : null}
        </main>
      </body>
    </html>
  );
}
