-- Throttling (worker/services/throttle.ts). Every login attempt is recorded *before* its
-- password is checked, in one statement that also counts the attempts already there, so no
-- number of parallel requests gets more evaluations than the limits allow. A successful
-- login removes its own row and the earlier failures of its account and network: what stays
-- are failures. `net` is the client's network (IPv4 address or IPv6 /64), never stored
-- longer than the window needs: the scheduled maintenance deletes old rows.
CREATE TABLE login_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account TEXT NOT NULL,
  net TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_attempts_account ON login_attempts (account, net, at);
CREATE INDEX login_attempts_net ON login_attempts (net, at);
CREATE INDEX login_attempts_at ON login_attempts (at);

-- Per-network counters of other actions (registration, password-reset requests).
CREATE TABLE rate_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  scope TEXT NOT NULL,
  net TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_scope_net ON rate_events (scope, net, at);
CREATE INDEX rate_events_at ON rate_events (at);

-- login_failures (read after the password check, written after it) is no longer used.
DROP TABLE login_failures;
