/**
 * The addresses of a page's tour feeds (docs/behaviour.md#tour-feeds-calendar-json-and-rss): the
 * calendar to subscribe to, the events as JSON and the RSS feed. The page links to them, the
 * Worker serves and purges them. Isomorphic: no DOM, no Workers APIs.
 */

export const tourFeedPaths = {
  calendar: (slug: string) => `/${slug}/calendar.ics`,
  events: (slug: string) => `/${slug}/events.json`,
  feed: (slug: string) => `/${slug}/feed.xml`,
} as const;

/** Every feed path of a page: what a publish purges beside the page. */
export function tourFeedList(slug: string): string[] {
  return [tourFeedPaths.calendar(slug), tourFeedPaths.events(slug), tourFeedPaths.feed(slug)];
}

/**
 * An http(s) address as the webcal:// one calendar apps open as a subscription (the scheme only
 * says "subscribe"; the app fetches the same address over https).
 */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}
