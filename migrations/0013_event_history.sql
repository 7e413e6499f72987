-- What the tour feeds tell of each event (docs/behaviour.md#tour-feeds-calendar-json-and-rss):
-- revision: how many times its text, link or CTAs changed (the calendar's SEQUENCE);
-- modified_at: when they last changed (LAST-MODIFIED), NULL = never since created_at;
-- published_at: when the public first saw it (the RSS pubDate), stamped by the first publish of
-- the page that shows it and kept by every later save. ISO 8601 UTC ('…Z').
ALTER TABLE buttons ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE buttons ADD COLUMN modified_at TEXT;
ALTER TABLE buttons ADD COLUMN published_at TEXT;
-- Events of pages the public may see now were published at the latest when they were created
-- (the save publishes): their creation is the best date known.
UPDATE buttons SET published_at = created_at
 WHERE type = 'text'
   AND page_id IN (
     SELECT id FROM landing_pages
      WHERE visible = 1
        AND (visible_from IS NULL OR visible_from <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
   );
