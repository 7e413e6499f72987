-- Keeping up with the ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page): the ticket
-- page a date row came from, read again by the hourly job at most once a day.
--
-- url: the ticket page (https; http only in the local trial). event_day: the Rome day the row's
-- date text reads as ('YYYY-MM-DD'; NULL when it reads as none), written with every save of the
-- row, so the job picks upcoming dates without parsing every row's text. checked_at: the last
-- read, failed or not (UTC ISO). failed_days / last_failed_day: failed reads on distinct Rome days
-- since the last good one; the third stops the reading (stopped_at). change: what the page now
-- says that differs from the row (JSON TicketChange, src/core/ticket-import.ts), NULL when
-- nothing; ignored: the change the organiser ignored, never shown again while the page says the
-- same. None of it is ever public.
CREATE TABLE ticket_sources (
  button_id INTEGER PRIMARY KEY REFERENCES buttons (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  event_day TEXT,
  checked_at TEXT,
  failed_days INTEGER NOT NULL DEFAULT 0,
  last_failed_day TEXT,
  stopped_at TEXT,
  change TEXT,
  ignored TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- the hourly job's pick: live sources of upcoming dates, least recently read first
CREATE INDEX ticket_sources_due ON ticket_sources (event_day, checked_at) WHERE stopped_at IS NULL;
