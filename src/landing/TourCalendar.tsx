/**
 * 'Aggiungi tutte le date al calendario' under the events of a text page
 * (docs/behaviour.md#tour-feeds-calendar-json-and-rss): a webcal:// link, which calendar apps open
 * as a subscription that follows the tour, and the same calendar as a file over https for the
 * phones and browsers that do not take webcal://. Drawn only when some upcoming event has a date.
 */
import { t } from '../core/messages';
import { tourFeedPaths, webcalUrl } from '../core/tour-feeds';
import { CALENDAR_ICON } from './EventList';

export function TourCalendar({ slug, origin, preview }: { slug: string; origin: string; preview: boolean }) {
  const path = tourFeedPaths.calendar(slug);
  // the editor's preview keeps the links inert, as every other link of the page
  const href = (url: string) => (preview ? undefined : url);
  return (
    <p className="sub">
      <a className="sa" href={href(webcalUrl(`${origin}${path}`))} rel="nofollow">
        <svg aria-hidden="true" focusable="false">
          <use href={`#${CALENDAR_ICON}`} />
        </svg>
        {t('tour.addAll')}
      </a>
      <a className="sd" href={href(path)} rel="nofollow" download={preview ? undefined : `${slug}.ics`}>
        {t('tour.download')}
      </a>
    </p>
  );
}
