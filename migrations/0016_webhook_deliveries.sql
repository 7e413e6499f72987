-- The provider's webhook deliveries already taken (docs/behaviour.md#fans, the webhook): a
-- delivery id (svix-id) seen in the last 24 hours is answered 200 and not processed again, so a
-- replayed or retried delivery has no second effect. One row per correctly signed event, claimed
-- with one INSERT … ON CONFLICT before the event is processed; seen_at in milliseconds since the
-- epoch. The hourly maintenance deletes rows older than 24 hours (prune-webhook-deliveries).
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  seen_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX webhook_deliveries_seen_at ON webhook_deliveries (seen_at);
