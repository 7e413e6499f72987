-- On-sale e-mails (docs/behaviour.md#on-sale-e-mails): a fan alert may now also be the
-- 'Biglietti in vendita ora' of one event ('on_sale', due at the event's on-sale instant) or its
-- reminder a day before ('sale_reminder', due 24 hours earlier). button_id names that event
-- (NULL for a new-date alert); one row per event and kind, so each fan gets each at most once
-- (the per-fan rows of fan_deliveries say who got it).
--
-- SQLite cannot change a CHECK in place, so fan_alerts is rebuilt. fan_deliveries refers to it
-- with ON DELETE CASCADE, and dropping a parent table deletes its rows first (which would
-- cascade): the deliveries are set aside, their table dropped, fan_alerts rebuilt, then
-- fan_deliveries recreated as 0010 made it and filled back.
CREATE TABLE fan_deliveries_keep AS SELECT alert_id, fan_id, status, attempts, updated_at FROM fan_deliveries;
DROP TABLE fan_deliveries;

CREATE TABLE fan_alerts_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id INTEGER NOT NULL REFERENCES landing_pages (id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'new_date' CHECK (kind IN ('new_date', 'on_sale', 'sale_reminder')),
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled')),
  button_ids TEXT NOT NULL DEFAULT '[]',
  due_at TEXT NOT NULL,
  recipients INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  started_at TEXT,
  finished_at TEXT,
  -- the event of an on-sale alert or reminder; NULL for a new-date alert
  button_id INTEGER
);
INSERT INTO fan_alerts_next (id, page_id, kind, status, button_ids, due_at, recipients, created_at, started_at, finished_at)
  SELECT id, page_id, kind, status, button_ids, due_at, recipients, created_at, started_at, finished_at FROM fan_alerts;
DROP TABLE fan_alerts;
ALTER TABLE fan_alerts_next RENAME TO fan_alerts;
CREATE INDEX fan_alerts_due ON fan_alerts (status, due_at);
CREATE INDEX fan_alerts_page ON fan_alerts (page_id, id);
CREATE UNIQUE INDEX fan_alerts_sale ON fan_alerts (button_id, kind) WHERE button_id IS NOT NULL;

CREATE TABLE fan_deliveries (
  alert_id INTEGER NOT NULL REFERENCES fan_alerts (id) ON DELETE CASCADE,
  fan_id INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (alert_id, fan_id)
);
INSERT INTO fan_deliveries (alert_id, fan_id, status, attempts, updated_at)
  SELECT alert_id, fan_id, status, attempts, updated_at FROM fan_deliveries_keep;
DROP TABLE fan_deliveries_keep;

-- Whether the fans get the reminder a day before an on-sale instant (on by default).
ALTER TABLE landing_pages ADD COLUMN sale_reminder INTEGER NOT NULL DEFAULT 1 CHECK (sale_reminder IN (0, 1));
