-- The caps on the fans' confirmation e-mails and the cities a confirmed fan has yet to agree to
-- (docs/behaviour.md#signing-up).

-- One row per confirmation e-mail claimed for a mailbox: the address lower-cased without its
-- '+tag' (src/core/fans.ts mailboxKey), stored as its SHA-256 (hex), never in clear. A sign-up
-- claims a row with one conditional INSERT that also counts the rows of the last 24 hours (one
-- per mailbox and page, FAN_CONFIRM_MAILBOX_DAILY per mailbox), so sign-ups at once cannot pass
-- the caps. confirm_hash: the hash of the token that e-mail carries, to give the claim back when
-- the provider refuses the e-mail. Rows older than 24 hours are deleted by the maintenance
-- (prune-fan-confirm-sends).
CREATE TABLE fan_confirm_sends (
  mailbox TEXT NOT NULL,
  page_id INTEGER NOT NULL,
  confirm_hash TEXT NOT NULL,
  sent_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX fan_confirm_sends_mailbox ON fan_confirm_sends (mailbox, sent_at);
CREATE INDEX fan_confirm_sends_hash ON fan_confirm_sends (confirm_hash);
CREATE INDEX fan_confirm_sends_sent ON fan_confirm_sends (sent_at);

-- A city a sign-up asked for on a confirmed fan's address: it joins fan_cities only when the fan
-- confirms the link mailed for it (the fan's confirm_hash). Same columns as fan_cities. Requests
-- older than 7 days (FAN_PENDING_DAYS) are deleted by prune-pending-fans.
CREATE TABLE fan_city_requests (
  fan_id INTEGER NOT NULL REFERENCES fans (id) ON DELETE CASCADE,
  city_key TEXT NOT NULL,
  city TEXT NOT NULL,
  requested INTEGER NOT NULL DEFAULT 0 CHECK (requested IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (fan_id, city_key)
);
CREATE INDEX fan_city_requests_created ON fan_city_requests (created_at);
