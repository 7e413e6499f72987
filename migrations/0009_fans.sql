-- Fans who follow a page's tour, and the alerts they get (docs/behaviour.md#fans-and-alerts).
-- Stored per fan: the address, the page, the cities followed, the consent text's version and
-- time, the confirmation time. No IP, no User-Agent, no source.

-- One fan of one page. confirmed_at NULL: signed up, waiting for the confirmation link; such
-- rows are deleted 7 days after created_at. confirm_hash: SHA-256 (hex) of the confirmation
-- token last mailed, confirm_sent_at its time (at most one confirmation mail per 24 hours).
CREATE TABLE fans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id INTEGER NOT NULL REFERENCES landing_pages (id) ON DELETE CASCADE,
  -- trimmed and lower-cased: one row per address and page
  email TEXT NOT NULL,
  consent_version TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  confirmed_at TEXT,
  confirm_hash TEXT,
  confirm_sent_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX fans_page_email ON fans (page_id, email);
CREATE INDEX fans_email ON fans (email);
CREATE INDEX fans_pending ON fans (created_at) WHERE confirmed_at IS NULL;
CREATE INDEX fans_confirm_hash ON fans (confirm_hash) WHERE confirm_hash IS NOT NULL;

-- The cities a fan follows on that page. city_key: src/core/fans.ts cityKey() of the name,
-- '*' for 'Tutte le date'. city: the spelling shown. requested = 1: typed as 'Un'altra città'
-- (a city that was not on the tour when the fan signed up).
CREATE TABLE fan_cities (
  fan_id INTEGER NOT NULL REFERENCES fans (id) ON DELETE CASCADE,
  city_key TEXT NOT NULL,
  city TEXT NOT NULL,
  requested INTEGER NOT NULL DEFAULT 0 CHECK (requested IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (fan_id, city_key)
);
CREATE INDEX fan_cities_key ON fan_cities (city_key, fan_id);

-- Addresses that get nothing more from any page: a bounce or a complaint reported by the
-- provider's signed webhook.
CREATE TABLE fan_suppressions (
  email TEXT PRIMARY KEY,
  reason TEXT NOT NULL CHECK (reason IN ('bounced', 'complained')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One alert of a page: the new dates saved within one grace window, sent as one e-mail per fan.
-- button_ids: JSON array of the events' button ids; the e-mail reads their text when it is sent,
-- so a typo fixed within the grace delay goes out fixed. status: scheduled → sending → sent;
-- cancelled by the organiser. A scheduled alert of a page not visible at due_at waits.
CREATE TABLE fan_alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id INTEGER NOT NULL REFERENCES landing_pages (id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'new_date' CHECK (kind IN ('new_date')),
  status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled')),
  button_ids TEXT NOT NULL DEFAULT '[]',
  due_at TEXT NOT NULL,
  -- filled when the alert starts sending: how many fans it goes to
  recipients INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX fan_alerts_due ON fan_alerts (status, due_at);
CREATE INDEX fan_alerts_page ON fan_alerts (page_id, id);

-- One row per fan and alert: the record that makes each e-mail go exactly once, even when a
-- queue batch is retried. status: 'sending' while a provider call may be under way (a retry
-- sends it again with the same idempotency key), then 'sent' or 'failed'.
CREATE TABLE fan_deliveries (
  alert_id INTEGER NOT NULL REFERENCES fan_alerts (id) ON DELETE CASCADE,
  fan_id INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (alert_id, fan_id)
);

-- Whether the 'Avvisami' block shows under the events of a text-mode page (on by default).
ALTER TABLE landing_pages ADD COLUMN fan_signup INTEGER NOT NULL DEFAULT 1 CHECK (fan_signup IN (0, 1));
