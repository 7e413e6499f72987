-- Pages that keep themselves current (docs/behaviour.md#dates-and-publishing-windows).
-- show_past: past events stay on the public page, greyed, in a 'Date passate' list.
-- visible_from / visible_until: the publishing window, ISO 8601 UTC ('…Z'), NULL = open.
-- next_boundary: when the published copy next changes by itself (a date passing, the window
-- opening or closing), ISO 8601 UTC, NULL = never; the scheduled job republishes pages past it.
ALTER TABLE landing_pages ADD COLUMN show_past INTEGER NOT NULL DEFAULT 0;
ALTER TABLE landing_pages ADD COLUMN visible_from TEXT;
ALTER TABLE landing_pages ADD COLUMN visible_until TEXT;
ALTER TABLE landing_pages ADD COLUMN next_boundary TEXT;
CREATE INDEX landing_pages_next_boundary ON landing_pages (next_boundary) WHERE next_boundary IS NOT NULL;
-- Pages published before this change have no boundary yet: due now, so the scheduled republish
-- renders each once (dropping its past dates) and stores its real boundary.
UPDATE landing_pages SET next_boundary = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE visible = 1;
