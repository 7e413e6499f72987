-- Accounts: users, companies, history of status changes and admin actions, e-mail outbox,
-- login failures for the per-account rate limit.
CREATE TABLE companies (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX companies_name_nocase ON companies (name COLLATE NOCASE);

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  hashed_password TEXT NOT NULL,
  full_name TEXT,
  company TEXT,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'active', 'rejected', 'banned')),
  -- the status to restore on unban
  previous_status TEXT,
  is_active INTEGER NOT NULL DEFAULT 1,
  is_verified INTEGER NOT NULL DEFAULT 0,
  is_superuser INTEGER NOT NULL DEFAULT 0,
  -- bumped on logout and delete: tokens carry it and die when it moves
  token_version INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX users_email_nocase ON users (email COLLATE NOCASE);
CREATE INDEX users_status ON users (status);
CREATE INDEX users_company ON users (company COLLATE NOCASE);
-- the admin's user list pages by creation date (newest first) over thousands of users
CREATE INDEX users_created_at ON users (created_at, id);

CREATE TABLE user_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  actor_id INTEGER,
  action TEXT NOT NULL,
  from_status TEXT,
  to_status TEXT,
  reason TEXT,
  details TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX user_history_user ON user_history (user_id, id);

CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_addr TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  body_html TEXT,
  kind TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
CREATE INDEX mail_outbox_to ON mail_outbox (to_addr COLLATE NOCASE, id);

CREATE TABLE login_failures (
  email TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_failures_email ON login_failures (email, at);
-- expired failures are pruned by age on every new failure
CREATE INDEX login_failures_at ON login_failures (at);
