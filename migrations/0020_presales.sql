-- Presales (docs/behaviour.md#presales): a date row's early sale for the fans of its list.
--
-- buttons.presale: JSON {starts_at, ends_at, url, shared_code} (src/core/presale.ts), NULL when
-- the row has none. The link and the shared code are never public.
ALTER TABLE buttons ADD COLUMN presale TEXT;

-- A date's one-time codes. fan_id: the fan it went to, written before the e-mail leaves (one
-- conditional UPDATE), so no code goes to two fans and no fan gets two codes, however often a
-- queue message is delivered; sent_at: when the e-mail that carries it was sent. A fan who
-- erases their data leaves the code used (fan_id stays, pointing at no fan).
CREATE TABLE presale_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  button_id INTEGER NOT NULL REFERENCES buttons (id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  fan_id INTEGER,
  assigned_at TEXT,
  sent_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX presale_codes_code ON presale_codes (button_id, code);
CREATE UNIQUE INDEX presale_codes_fan ON presale_codes (button_id, fan_id) WHERE fan_id IS NOT NULL;
CREATE INDEX presale_codes_free ON presale_codes (button_id, id) WHERE fan_id IS NULL;

-- A fan alert may now also be a date's presale e-mail ('presale', due at the presale's start,
-- button_id naming the date; one per date as for the on-sale kinds). SQLite cannot change a
-- CHECK in place: fan_alerts is rebuilt as migration 0012 did, its deliveries set aside first
-- (dropping the parent would cascade into them) and filled back after.
CREATE TABLE fan_deliveries_keep AS SELECT alert_id, fan_id, status, attempts, updated_at FROM fan_deliveries;
DROP TABLE fan_deliveries;

CREATE TABLE fan_alerts_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id INTEGER NOT NULL REFERENCES landing_pages (id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'new_date' CHECK (kind IN ('new_date', 'on_sale', 'sale_reminder', 'presale')),
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled')),
  button_ids TEXT NOT NULL DEFAULT '[]',
  due_at TEXT NOT NULL,
  recipients INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  started_at TEXT,
  finished_at TEXT,
  button_id INTEGER,
  button_joins TEXT NOT NULL DEFAULT '{}'
);
INSERT INTO fan_alerts_next (id, page_id, kind, status, button_ids, due_at, recipients, created_at, started_at, finished_at, button_id, button_joins)
  SELECT id, page_id, kind, status, button_ids, due_at, recipients, created_at, started_at, finished_at, button_id, button_joins FROM fan_alerts;
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
