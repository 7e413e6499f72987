-- Views and clicks over time, in aggregate only: docs/behaviour.md#counting-views-and-clicks and
-- docs/architecture.md#counting-pipeline. No row holds a visitor's IP, User-Agent or any id that
-- links two requests: a row is a count for one page, Europe/Rome day and hour, button, source,
-- device class and country.
CREATE TABLE page_stats (
  page_id INTEGER NOT NULL REFERENCES landing_pages (id) ON DELETE CASCADE,
  -- Europe/Rome calendar day, YYYY-MM-DD; '0000-00-00' for the archive row (see below)
  day TEXT NOT NULL,
  -- Europe/Rome hour 0-23; -1 once the day's hours are folded into one daily row (after 90 days)
  hour INTEGER NOT NULL,
  -- 0 for views; a button's id for its clicks (kept when the button is later deleted)
  button_id INTEGER NOT NULL DEFAULT 0,
  -- which call-to-action of the button was tapped, 0-based (an event may have several); 0 for views
  cta INTEGER NOT NULL DEFAULT 0,
  -- utm_source (lower-cased, 40 chars) or a named referrer, 'other' or 'direct'
  source TEXT NOT NULL,
  device TEXT NOT NULL CHECK (device IN ('mobile', 'tablet', 'desktop', '')),
  -- CF-IPCountry, 'XX' when unknown
  country TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  clicks INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (page_id, day, hour, button_id, cta, source, device, country)
) WITHOUT ROWID;
-- the retention job walks buckets by day across pages
CREATE INDEX page_stats_day ON page_stats (day, hour);

-- The archive rows (day '0000-00-00', hour -1, no source, device or country; no period reaches
-- them) hold what has no day of its own: the counts made before the buckets existed, and the days
-- the retention job removes after 25 months. So a page's lifetime totals (view_page, the buttons'
-- click_count) always equal the sum of its buckets.
INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks)
  SELECT id, '0000-00-00', -1, 0, 0, '', '', '', view_page, 0 FROM landing_pages WHERE view_page > 0;
INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks)
  SELECT page_id, '0000-00-00', -1, id, 0, '', '', '', 0, click_count FROM buttons WHERE click_count > 0;

-- Queue messages already added to page_stats: a message delivered twice (a retry after the
-- write landed) is counted once. Ids are kept 14 days, well past the queue's retries.
CREATE TABLE counted_messages (
  id TEXT PRIMARY KEY,
  counted_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX counted_messages_at ON counted_messages (counted_at);

-- Scratch rows of the batch being written: filled, folded into page_stats and the lifetime totals,
-- and emptied again inside one transaction, so it is empty between batches.
CREATE TABLE count_inbox (
  message_id TEXT NOT NULL,
  slug TEXT NOT NULL,
  day TEXT NOT NULL,
  hour INTEGER NOT NULL,
  button_id INTEGER NOT NULL,
  cta INTEGER NOT NULL,
  source TEXT NOT NULL,
  device TEXT NOT NULL,
  country TEXT NOT NULL,
  views INTEGER NOT NULL,
  clicks INTEGER NOT NULL
);
-- the totals' updates look rows up by page and button
CREATE INDEX count_inbox_slug ON count_inbox (slug, button_id);
