/**
 * The embed of a page (docs/behaviour.md#embedding-the-dates): its upcoming dates, with their CTAs
 * and calendar links, in the page's own style, for an iframe on the band's own site. The dates
 * are the page's own EventList (links opening a new tab); no header, no sign-up, no footer but
 * one link to the page. `view` null draws the neutral empty state of a page nobody may see.
 */
import { t } from '../core/messages';
import type { PublicEvent, PublicView } from '../core/public-view';
import { EventList } from './EventList';
import { InlineScript, InlineStyle } from './LandingPage';

export interface EmbedDocumentProps {
  /** the page as the public sees it, or null: unknown, hidden or outside its window */
  view: PublicView | null;
  slug: string;
  /** absolute URL of the page, for the link under the dates */
  canonical: string;
  css: string;
  script: string;
  /** the ticket drops' script, on an embed with a CTA waiting for its on-sale instant */
  dropScript?: string;
  /** the editor's preview: links inert, nothing counted */
  preview: boolean;
  /** a policy delivered in the document itself (the editor's preview has no response headers) */
  metaCsp?: string;
}

function EmbedBody({
  view,
  slug,
  canonical,
  preview,
}: Omit<EmbedDocumentProps, 'css' | 'script' | 'dropScript' | 'metaCsp'>) {
  if (!view) {
    return (
      <main className="em">
        <p className="empty">{t('embed.unavailable')}</p>
      </main>
    );
  }
  const events = view.mode === 'text' ? view.buttons.filter((b): b is PublicEvent => b.type === 'text') : [];
  return (
    // named by its title: a landmark of its own beside the embedding page's main (and the editor's)
    <main className="em" aria-labelledby="eh">
      <h1 className="eh" id="eh">
        {view.displayTitle}
      </h1>
      {events.length > 0 ? (
        <EventList events={events} past={[]} slug={slug} preview={preview} newTab />
      ) : (
        <p className="empty">{t('embed.noDates')}</p>
      )}
      <p className="ef">
        {preview ? (
          // biome-ignore lint/a11y/useValidAnchor: the preview shows the link inert: no href, so nothing navigates, while it keeps the look of the published link
          <a role="link" aria-disabled="true">
            {t('embed.openPage')}
          </a>
        ) : (
          <a href={canonical} target="_blank" rel="noopener">
            {t('embed.openPage')}
            <span className="vh"> {t('embed.newTab')}</span>
          </a>
        )}
      </p>
    </main>
  );
}

export function EmbedDocument(props: EmbedDocumentProps) {
  const { view, css, script, dropScript, metaCsp } = props;
  const title = view ? t('embed.title', { title: view.displayTitle || view.title }) : t('embed.unavailable');
  return (
    // `f`: the web fonts at once (styles.ts embedCss)
    <html lang="it" className="f">
      <head>
        <meta charSet="utf-8" />
        {/* before every style and script, or they would load unchecked */}
        {metaCsp ? <meta httpEquiv="Content-Security-Policy" content={metaCsp} /> : null}
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <InlineStyle css={css} />
        <InlineScript code={script} />
      </head>
      <body>
        <EmbedBody {...props} />
        {dropScript ? <InlineScript code={dropScript} /> : null}
      </body>
    </html>
  );
}
