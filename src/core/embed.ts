/**
 * The addresses and snippets of a page's embed (docs/behaviour.md#embedding-the-dates): the
 * Worker serves them, the editor's 'Incorpora' panel shows them. Slugs are lower-case letters
 * and digits (slug.ts), so they need no escaping in a path or an attribute; the origin is a
 * URL's origin, escaped anyway.
 */
import { t } from './messages';

/** The one-line loader the band's site includes (served by the Worker). */
export const EMBED_LOADER_PATH = '/embed.js';

/** A plain iframe cannot follow its content: this height shows three or four dates. */
export const EMBED_FRAME_HEIGHT = 600;

/** The embed of a page: its upcoming dates, made to live in another site's iframe. */
export function embedPath(slug: string): string {
  return `/${slug}/embed`;
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The recommended snippet: /embed.js inserts the iframe after itself and keeps it fitted. */
export function embedScriptSnippet(origin: string, slug: string): string {
  return `<script src="${attr(origin)}${EMBED_LOADER_PATH}" data-palco="${attr(slug)}" async></script>`;
}

/** For sites that forbid scripts: the iframe itself, with a fixed height. */
export function embedFrameSnippet(origin: string, slug: string): string {
  return (
    `<iframe src="${attr(origin)}${embedPath(slug)}" title="${attr(t('embed.frameTitle'))}" loading="lazy" ` +
    `style="width:100%;height:${EMBED_FRAME_HEIGHT}px;border:0"></iframe>`
  );
}
