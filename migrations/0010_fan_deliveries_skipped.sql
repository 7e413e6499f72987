-- A fan named in an alert's queue message who, by the time it is sent, has left (unsubscribed,
-- suppressed after a bounce, no longer following any of its cities) or whose events are all
-- gone gets a 'skipped' delivery row: every fan of the alert then ends with one row, so the
-- alert knows it is done (docs/architecture.md#fan-alerts), and a redelivered message skips
-- them again without counting them twice. SQLite cannot change a CHECK in place: the table is
-- rebuilt with the same columns and rows.
CREATE TABLE fan_deliveries_next (
  alert_id INTEGER NOT NULL REFERENCES fan_alerts (id) ON DELETE CASCADE,
  fan_id INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (alert_id, fan_id)
);
INSERT INTO fan_deliveries_next (alert_id, fan_id, status, attempts, updated_at)
  SELECT alert_id, fan_id, status, attempts, updated_at FROM fan_deliveries;
DROP TABLE fan_deliveries;
ALTER TABLE fan_deliveries_next RENAME TO fan_deliveries;
